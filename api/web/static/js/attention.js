// The open page as a notification channel: while it is the viewer's turn the tab's title starts with
// "▶ Your turn" and the favicon shows a dot; when the turn comes while the tab is in the background, the
// browser's Notification API says so too, if the player allowed it (the button asks once).
import { _ } from "./i18n.js";
const baseTitle = document.title;
const icon = document.querySelector('link[rel="icon"]');
const plainIcon = icon ? icon.getAttribute("href") : null;
const turnIcon = plainIcon ? plainIcon.replace(/favicon\.svg$/, "favicon-turn.svg") : null;
let wasYourTurn = false;

export const TURN_PREFIX = `▶ ${_("Your turn")} · `;

function offerNotifications(button) {
  if (!button) return;
  const supported = "Notification" in window;
  button.hidden = !supported || Notification.permission !== "default";
  button.addEventListener("click", async () => {
    await Notification.requestPermission();
    button.hidden = Notification.permission !== "default";
  });
}

export function watchTurn(button, gameTitle) {
  offerNotifications(button);
  return function markTurn(yourTurn) {
    document.title = yourTurn ? TURN_PREFIX + baseTitle : baseTitle;
    if (icon && turnIcon) icon.setAttribute("href", yourTurn ? turnIcon : plainIcon);
    const began = yourTurn && !wasYourTurn;
    wasYourTurn = yourTurn;
    if (began && document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(_("Your turn"), { body: _("It is your turn in {game}.", { game: gameTitle }), tag: location.pathname });
    }
  };
}
