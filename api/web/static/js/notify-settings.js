// The notification settings page (e-mail, events per channel, webhook) and the unsubscribe page.
import { _ } from "./i18n.js";
import { ApiError, api, get } from "./api.js";
import { showError } from "./dom.js";

const errorBox = document.getElementById("settings-error") || document.getElementById("unsubscribe-state");
const saved = document.getElementById("settings-saved");

function failed(failure) {
  showError(errorBox, failure instanceof ApiError ? failure.message : _("The server could not be reached."));
}

function show(settings) {
  const email = document.getElementById("email-state");
  email.textContent = settings.email
    ? _("Mails go to {email}.", { email: settings.email })
    : settings.pending_email
      ? _("Open the link mailed to {email} to verify it.", { email: settings.pending_email })
      : _("No e-mail address yet.");
  for (const box of document.querySelectorAll('#events-form input[name="mail"]')) {
    box.checked = settings.mail_events.includes(box.value);
  }
  for (const box of document.querySelectorAll('#events-form input[name="webhook"]')) {
    box.checked = settings.webhook_events.includes(box.value);
  }
  document.getElementById("webhook-url").value = settings.webhook_url || "";
  document.getElementById("rotate-secret").hidden = !settings.webhook_url;
  document.getElementById("remove-webhook").hidden = !settings.webhook_url;
  document.getElementById("webhook-state").textContent = !settings.webhook_url
    ? _("No webhook.")
    : settings.webhook_enabled
      ? _("The webhook is on.")
      : _("The webhook is off: {reason}", { reason: settings.webhook_disabled_reason });
}

function showSecret(answer) {
  const secret = document.getElementById("webhook-secret");
  secret.textContent = _("Signing secret (shown once): {secret}", { secret: answer.webhook_secret });
  secret.hidden = false;
}

async function act(work) {
  showError(errorBox, "");
  saved.textContent = "";
  try {
    await work();
    show(await get("/accounts/me/notifications"));
    saved.textContent = _("Saved.");
  } catch (failure) {
    failed(failure);
  }
}

function settingsPage() {
  get("/accounts/me/notifications").then(show, failed);
  document.getElementById("email-form").addEventListener("submit", (event) => {
    event.preventDefault();
    act(() => api("PUT", "/accounts/me/email", { body: { email: event.target.elements.email.value.trim() } }));
  });
  document.getElementById("events-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = (name) => [...event.target.querySelectorAll(`input[name="${name}"]:checked`)].map((box) => box.value);
    act(() => api("PUT", "/accounts/me/notifications", { body: { mail_events: chosen("mail"), webhook_events: chosen("webhook") } }));
  });
  document.getElementById("webhook-form").addEventListener("submit", (event) => {
    event.preventDefault();
    act(async () => showSecret((await api("PUT", "/accounts/me/webhook", { body: { url: event.target.elements.url.value.trim() } })).data));
  });
  document.getElementById("rotate-secret").addEventListener("click", () =>
    act(async () => showSecret((await api("POST", "/accounts/me/webhook/secret")).data)));
  document.getElementById("remove-webhook").addEventListener("click", () => act(() => api("DELETE", "/accounts/me/webhook")));
}

function unsubscribePage(button) {
  button.addEventListener("click", async () => {
    try {
      await api("POST", `/notifications/unsubscribe/${encodeURIComponent(button.dataset.token)}`);
      errorBox.textContent = _("Done: no more notification mails.");
      button.disabled = true;
    } catch (failure) {
      failed(failure);
    }
  });
}

const unsubscribe = document.getElementById("unsubscribe");
if (unsubscribe) unsubscribePage(unsubscribe);
else settingsPage();
