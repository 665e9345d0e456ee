// Follow a game's view live: a server-sent-events stream read with fetch (so a seat token can go in a header),
// reconnecting after any drop with Last-Event-ID so no version is missed. A game the server does not know
// (404) ends the stream for good: there is nothing to reconnect to.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function parseBlock(block) {
  const message = { event: "message", data: [], id: null, retry: null };
  for (const line of block.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") message.data.push(value);
    else if (field === "event") message.event = value;
    else if (field === "id") message.id = value;
    else if (field === "retry") message.retry = Number(value);
  }
  return message;
}

export function follow(gameId, { onView, onStatus }) {
  // wait: how long a busy server (503) asked us to stay away, in ms
  const state = { lastId: null, retry: 1000, wait: 0, connections: 0 };

  async function readStream() {
    const headers = { Accept: "text/event-stream" };
    if (state.lastId !== null) headers["Last-Event-ID"] = state.lastId;
    const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/live`, { headers, credentials: "same-origin", cache: "no-store" });
    if (response.status === 404) return "gone";
    if (response.status === 503) state.wait = 1000 * (Number(response.headers.get("Retry-After")) || 5);
    if (!response.ok) throw new Error(`The live view answered ${response.status}.`);
    state.connections += 1;
    onStatus("live", state.connections);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return "ended";
      buffer += value.replace(/\r\n?/g, "\n");
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const message = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (message.retry) state.retry = message.retry;
        if (message.id !== null) state.lastId = message.id;
        if (message.event === "view" && message.data.length) onView(JSON.parse(message.data.join("\n")));
      }
    }
  }

  (async () => {
    for (;;) {
      try {
        if ((await readStream()) === "gone") {
          onStatus("gone", state.connections);
          return;
        }
        onStatus("reconnecting", state.connections);
      } catch {
        onStatus("offline", state.connections);
      }
      await sleep(Math.max(state.retry, state.wait));
      state.wait = 0;
    }
  })();
  return state;
}
