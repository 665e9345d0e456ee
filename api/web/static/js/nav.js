// The header: who is signed in, and signing out.
import { _ } from "./i18n.js";
import { confirmPlayer, player, signOut } from "./session.js";

function show(me) {
  for (const node of document.querySelectorAll("#account-nav [data-when]")) {
    node.hidden = (node.dataset.when === "signed-in") !== Boolean(me);
  }
  const who = document.getElementById("who");
  who.textContent = me ? me.name : "";
  who.href = me ? "/profile" : "#";  // the server sends it on to the profile's lasting address
  if (me) who.setAttribute("aria-label", _("Your profile ({name})", { name: me.displayName || me.name }));
}

show(player());
confirmPlayer().then(show);
document.getElementById("sign-out").addEventListener("click", async () => {
  await signOut();
  window.location.assign("/login");
});

// A signed-out visitor picks the pages' language: a cookie the server reads before Accept-Language (an
// account's own setting, on its settings page, wins over both).
const YEAR_SECONDS = 365 * 86400;
document.getElementById("page-language").addEventListener("change", (event) => {
  const code = encodeURIComponent(event.target.value);
  document.cookie = `papyrus_lang=${code}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`;
  window.location.reload();
});
