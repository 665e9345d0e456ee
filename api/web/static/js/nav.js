// The header: who is signed in, and signing out.
import { confirmPlayer, player, signOut } from "./session.js";

function show(me) {
  for (const node of document.querySelectorAll("#account-nav [data-when]")) {
    node.hidden = (node.dataset.when === "signed-in") !== Boolean(me);
  }
  const who = document.getElementById("who");
  who.textContent = me ? me.name : "";
  who.href = me && me.displayName ? `/players/${encodeURIComponent(me.displayName)}` : "#";
  if (me) who.setAttribute("aria-label", `Your profile (${me.displayName || me.name})`);
}

show(player());
confirmPlayer().then(show);
document.getElementById("sign-out").addEventListener("click", async () => {
  await signOut();
  window.location.assign("/login");
});
