/**
 * How runs reach opencode: the plugin implements it with its opencode client; a server without opencode
 * (`serve`, tests of the store) has none, and then runs cannot start.
 */
export interface ReviewerLauncher {
  /** The model a run takes when neither the request nor the plugin options name one (opencode's own default), or null. */
  defaultModel(): Promise<string | null>;
  /** Every `provider/model` opencode can use here, for the person to pick from. */
  models(): Promise<readonly string[]>;
  /** Creates the reviewer's child session under the session being reviewed; resolves with its id. */
  createSession(input: { readonly parentSessionId: string; readonly title: string }): Promise<string>;
  /** Sends the reviewer agent a message with the run's model; returns once opencode took it. */
  prompt(input: { readonly sessionId: string; readonly model: string; readonly text: string }): Promise<void>;
  /** Stops whatever the session is doing. */
  abort(sessionId: string): Promise<void>;
}
