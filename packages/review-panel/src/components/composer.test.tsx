// The composer counts a body the way the server does (code points), so what it lets through the server accepts
// and what it refuses the server would refuse too.
import { fireEvent, render } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { Composer } from "./composer.js";

function mount() {
  const sent: string[] = [];
  const view = render(() => (
    <Composer submitLabel="Add comment" onSubmit={async (body) => (sent.push(body), true)} onCancel={() => {}} />
  ));
  const box = view.container.querySelector<HTMLTextAreaElement>('[data-slot="body"]')!;
  const counter = () => view.container.querySelector('[data-slot="counter"]')!;
  const submit = () => view.container.querySelector<HTMLButtonElement>('[data-slot="submit"]')!;
  const type = (text: string) => fireEvent.input(box, { target: { value: text } });
  return { sent, counter, submit, type };
}

describe("Composer", () => {
  it("counts 600 emoji as 600 characters and lets them through, as the server does", () => {
    const c = mount();
    c.type("👍".repeat(600));
    expect(c.counter().textContent).toBe("600/1000");
    expect(c.counter().getAttribute("data-state")).toBe("ok");
    expect(c.submit().disabled).toBe(false);
  });

  it("refuses 1001 characters and says the count", () => {
    const c = mount();
    c.type("é".repeat(1001));
    expect(c.counter().textContent).toBe("1001/1000");
    expect(c.counter().getAttribute("data-state")).toBe("over");
    expect(c.submit().disabled).toBe(true);
  });

  it("treats a blank body as empty", () => {
    const c = mount();
    c.type("   \n ");
    expect(c.submit().disabled).toBe(true);
  });
});
