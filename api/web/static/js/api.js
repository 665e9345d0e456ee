// The JSON API, as the pages use it (the login travels as the session cookie). Every refusal becomes an
// ApiError carrying the server's message and the field it names.
import { _ } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || _("The server answered {status}.", { status }));
    this.status = status;
    this.code = error.code || "error";
    this.field = error.field || null;
  }
}

export async function api(method, path, { body } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return { status: response.status, data };
}

export const get = (path) => api("GET", path).then((r) => r.data);
export const post = (path, body) => api("POST", path, { body });

export function newCommandId() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return "web-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
