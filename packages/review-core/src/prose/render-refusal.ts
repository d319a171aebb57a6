const PREFIX = "Replied, but not resolved: ";

/**
 * What the agent is told when its resolve is refused; the reply itself was kept.
 * @example renderRefusal("the code under the thread has not changed.") // "Replied, but not resolved: the code under the thread has not changed."
 */
export function renderRefusal(message: string): string {
  return message.startsWith(PREFIX) ? message : `${PREFIX}${message}`;
}
