// The panel's API client, for components that read the server themselves (the binary file views).
import { createContext, useContext } from "solid-js";
import type { Api } from "../api.js";

export const ApiContext = createContext<Api>();

/** The API client of the enclosing panel. */
export function useApi(): Api {
  const value = useContext(ApiContext);
  if (!value) throw new Error("useApi outside ApiContext");
  return value;
}
