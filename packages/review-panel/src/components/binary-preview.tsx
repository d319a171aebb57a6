import { createMemo, createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import type { DiffFile } from "../api.js";
import { loadFileVersions, type FileVersion } from "../state/diff/file-versions.js";
import { binarySummary, pixelShare } from "../state/diff/binary-summary.js";
import { pixelDifference, type ImageDifference } from "@opencode-review/core";
import { byteSize } from "../state/diff/byte-size.js";
import { useApi } from "../state/api-context.js";
import { useRounds } from "../state/diff/rounds.js";
import "./binary-preview.css";

type Size = { readonly width: number; readonly height: number };
type Mode = "2-up" | "swipe" | "onion";

/** Decodes a data: URL into pixels on a canvas (null when the browser cannot decode it). */
function decode(url: string): Promise<{ readonly size: Size; readonly pixels: ImageData | null } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => {
      const size = { width: img.naturalWidth, height: img.naturalHeight };
      if (size.width === 0 || size.height === 0) return resolve({ size, pixels: null });
      const canvas = document.createElement("canvas");
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext("2d", { willReadFrequently: true });
      if (!context) return resolve({ size, pixels: null });
      context.drawImage(img, 0, 0);
      resolve({ size, pixels: context.getImageData(0, 0, size.width, size.height) });
    };
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

function describe(version: FileVersion, size: Size | null | undefined): string {
  return size ? `${size.width}x${size.height}` : version.image ? "cannot be shown" : "";
}

/**
 * A binary file of the diff: for images both versions with their dimensions and sizes, side by side,
 * swiped or as onion skin, and where their pixels differ; for other binaries their type and sizes.
 */
export function BinaryPreview(props: { readonly file: DiffFile }) {
  const api = useApi();
  const rounds = useRounds();
  const [versions] = createResource(
    () => ({ file: props.file, range: rounds.range() }),
    ({ file, range }) => loadFileVersions(api, file, range),
  );
  const [decoded] = createResource(versions, async (v) => ({
    before: v.before?.url ? await decode(v.before.url) : null,
    after: v.after?.url ? await decode(v.after.url) : null,
  }));
  const difference = createMemo((): ImageDifference | null => {
    const d = decoded();
    return d?.before?.pixels && d.after?.pixels ? pixelDifference(d.before.pixels, d.after.pixels) : null;
  });
  const [mode, setMode] = createSignal<Mode>("2-up");
  const [slider, setSlider] = createSignal(50);

  const summary = () => {
    const v = versions();
    if (!v) return "";
    const d = decoded();
    const facts = (version: FileVersion | null, image: { readonly size: Size } | null | undefined) =>
      version ? { label: version.label, size: version.size, dimensions: image?.size ?? null } : null;
    return binarySummary(facts(v.before, d?.before), facts(v.after, d?.after));
  };
  const changedText = () => {
    const d = difference();
    if (!d) return null;
    if (d.changed === 0) return "No pixels changed";
    return `${pixelShare(d)}% of pixels changed (${d.changed} of ${d.width * d.height}), within ${d.box!.width}x${d.box!.height} at ${d.box!.x},${d.box!.y}`;
  };
  // Both images are laid out on one stage as wide as the wider one, so their pixels line up.
  const stage = () =>
    difference() ?? {
      width: decoded()?.after?.size.width ?? decoded()?.before?.size.width ?? 0,
      height: decoded()?.after?.size.height ?? decoded()?.before?.size.height ?? 0,
    };
  const percentOf = (size: Size | undefined) => {
    const s = stage();
    return size && s.width ? { width: `${(size.width / s.width) * 100}%` } : {};
  };
  const boxStyle = () => {
    const d = difference();
    if (!d?.box) return undefined;
    return {
      left: `${(d.box.x / d.width) * 100}%`,
      top: `${(d.box.y / d.height) * 100}%`,
      width: `${(d.box.width / d.width) * 100}%`,
      height: `${(d.box.height / d.height) * 100}%`,
    };
  };
  const both = () => !!(versions()?.before?.url && versions()?.after?.url && decoded()?.before && decoded()?.after);
  const stageWidth = () => `min(100%, ${Math.max(160, stage().width)}px)`;
  const ratio = () => (stage().width ? `${stage().width} / ${stage().height}` : undefined);

  return (
    <div data-component="binary-preview" data-path={props.file.path} data-mode={mode()}>
      <Show when={versions.error}>
        <div data-slot="summary">Binary file: {String((versions.error as Error).message)}</div>
      </Show>
      <Show when={versions()}>
        {(v) => (
          <>
            <div data-slot="summary">{summary()}</div>
            <Show when={changedText()}>{(text) => <div data-slot="changed">{text()}</div>}</Show>
            <Show when={both()}>
              <div data-slot="modes" role="group" aria-label="Image view">
                <For each={["2-up", "swipe", "onion"] as const}>
                  {(m) => (
                    <button type="button" data-slot="action" aria-pressed={mode() === m} onClick={() => setMode(m)}>
                      {m === "2-up" ? "2-up" : m === "swipe" ? "Swipe" : "Onion skin"}
                    </button>
                  )}
                </For>
              </div>
            </Show>
            <Switch>
              {/* Other binaries say all there is in the summary line: type and sizes. */}
              <Match when={!(v().before?.image || v().after?.image)}>{null}</Match>
              <Match when={!both() || mode() === "2-up"}>
                <div data-slot="two-up">
                  <For
                    each={
                      [
                        ["before", v().before, decoded()?.before],
                        ["after", v().after, decoded()?.after],
                      ] as const
                    }
                  >
                    {([side, version, image]) => (
                      <Show when={version}>
                        {(ver) => (
                          <figure data-slot="side" data-side={side}>
                            <Show
                              when={ver().url && image}
                              fallback={
                                <div data-slot="no-image">
                                  {ver().label} · {byteSize(ver().size)}
                                  {ver().image ? " · the browser cannot show it" : ""}
                                </div>
                              }
                            >
                              <div data-slot="frame" style={{ width: stageWidth() }}>
                                <img
                                  src={ver().url!}
                                  alt={`${props.file.path}, ${side}`}
                                  style={percentOf(image!.size)}
                                  draggable={false}
                                />
                                <Show when={side === "after" && boxStyle()}>
                                  {(style) => <div data-slot="box" style={style()} />}
                                </Show>
                              </div>
                            </Show>
                            <figcaption>
                              {side === "before" ? "Before" : "After"}: {describe(ver(), image?.size)}
                              {image ? " · " : ""}
                              {byteSize(ver().size)}
                            </figcaption>
                          </figure>
                        )}
                      </Show>
                    )}
                  </For>
                </div>
              </Match>
              <Match when={mode() === "swipe" || mode() === "onion"}>
                <div data-slot="stage" style={{ width: stageWidth(), "aspect-ratio": ratio() }}>
                  <img
                    data-side="before"
                    src={v().before!.url!}
                    alt={`${props.file.path}, before`}
                    style={percentOf(decoded()?.before?.size)}
                    draggable={false}
                  />
                  <img
                    data-side="after"
                    src={v().after!.url!}
                    alt={`${props.file.path}, after`}
                    draggable={false}
                    style={{
                      ...percentOf(decoded()?.after?.size),
                      ...(mode() === "swipe"
                        ? { "clip-path": `inset(0 0 0 ${slider()}%)` }
                        : { opacity: String(slider() / 100) }),
                    }}
                  />
                  <Show when={mode() === "swipe"}>
                    <div data-slot="handle" style={{ left: `${slider()}%` }} />
                  </Show>
                </div>
                <input
                  type="range"
                  data-slot="slider"
                  min="0"
                  max="100"
                  value={slider()}
                  aria-label={mode() === "swipe" ? "Swipe between before and after" : "Opacity of the after image"}
                  onInput={(e) => setSlider(Number(e.currentTarget.value))}
                />
              </Match>
            </Switch>
          </>
        )}
      </Show>
      <Show when={versions.loading}>
        <div data-slot="summary">Loading the file…</div>
      </Show>
    </div>
  );
}
