// The JSON API, as the pages use it. Every refusal becomes an ApiError carrying the server's message.
import { authHeaders } from "./session.js";

export class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || `The server answered ${status}.`);
    this.status = status;
    this.code = error.code || "error";
    this.field = error.field || null;
  }
}

export async function api(method, path, { body, gameId } = {}) {
  const headers = { Accept: "application/json", ...(gameId ? authHeaders(gameId) : {}) };
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

export const get = (path, options) => api("GET", path, options).then((r) => r.data);
export const post = (path, body, options = {}) => api("POST", path, { ...options, body });

export function newCommandId() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return "web-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
