export default { id: "opencode-review" };
