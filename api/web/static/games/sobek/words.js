// Sobek in words: goods, cards, tokens and every command a player can choose, described for people. Card and
// token facts (names, scarabs, powers, texts) come from the view, never from here.
export const GOODS_NAMES = {
  ivory: "Ivory", ebony: "Ebony", marble: "Marble", cattle: "Cattle", fish: "Fish", wheat: "Wheat", amulet: "Amulet",
};
export const BACK_NAMES = { green: "green (starting goods)", beige: "beige (goods)", orange: "orange (character)" };
export const SYMBOL_NAMES = { ankh: "ankh", eye: "eye", scarab: "scarab", number: "numbered square" };

export const goodsName = (goods) => GOODS_NAMES[goods] || goods;
const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

// Every card the viewer may see, by id.
export function cardLookup(view) {
  const cards = new Map();
  const add = (list) => (list || []).forEach((card) => cards.set(card.id, card));
  add(view.nile.map((slot) => slot.card).filter(Boolean));
  add(view.discard);
  for (const player of view.players) {
    add(player.hand);
    add(player.corruption);
    add(player.purged);
    for (const set of [...player.upright, ...player.sideways]) add(set.cards);
  }
  if (view.vizier_look) add(view.vizier_look.cards);
  return cards;
}

export function cardTitle(card) {
  if (!card) return "a hidden card";
  if (card.power) return `${card.name} (${goodsName(card.goods)} character)`;
  const scarabs = card.scarabs ? plural(card.scarabs, "scarab") : "no scarab";
  return `${goodsName(card.goods)}, ${scarabs}`;
}

export const cardWords = (cards, id) => `${cardTitle(cards.get(id))} (${id})`;

// What makes two cards interchangeable in a set: a character stands for itself.
export function kindOf(card) {
  return card.power ? card.id : `${card.goods}|${card.scarabs}|${card.back}`;
}

export const signature = (cards, ids) => ids.map((id) => kindOf(cards.get(id))).sort().join(",");

function setName(view, index) {
  const set = view.players.find((p) => p.seat === view.viewer).upright[index];
  return set ? `your ${goodsName(set.goods).toLowerCase()} set (${plural(set.cards.length, "card")})` : `set ${index + 1}`;
}

const tokenOf = (view, id) => view.token_faces.find((t) => t.id === id);

// One command as the label of its button.
export function describeCommand(view, names, command) {
  const cards = cardLookup(view);
  switch (command.type) {
    case "sobek.take": {
      const slot = view.nile[command.position - 1];
      const what = slot.card ? cardTitle(slot.card) : "a face-down character";
      const cost = command.position > 1 ? `, ${plural(command.position - 1, "card")} to corruption` : ", no corruption";
      return `Take Nile card ${command.position}: ${what}${cost}`;
    }
    case "sobek.hire": {
      const slot = view.nile[command.position - 1];
      return `Merchant: take Nile card ${command.position}, ${slot.card ? cardTitle(slot.card) : "a face-down character"}`;
    }
    case "sobek.play_character": return `Play ${cardTitle(cards.get(command.card))} for its power`;
    case "sobek.choose_token": {
      const token = tokenOf(view, command.token);
      return token ? `${token.name}: ${token.text}` : "Choose this token";
    }
    case "sobek.push": return `Push ${names[command.target]} back`;
    case "sobek.curse": return `Curse ${names[command.target]}`;
    case "sobek.prosper": return `Prosperity on ${setName(view, command.set)}`;
    case "sobek.steal": return `Steal a ${command.back} card from ${names[command.target]}`;
    case "sobek.look": return `Look at ${names[command.target]}'s corruption pile`;
    case "sobek.pick": return `Take ${cardWords(cards, command.card)}`;
    case "sobek.purge": return `Remove every ${goodsName(command.goods).toLowerCase()} card from my corruption pile`;
    case "sobek.discard": return `Discard ${cardWords(cards, command.card)}`;
    case "sobek.finish": return "Finish: lay no more sideways sets";
    case "sobek.choose_start": return `${names[command.seat]}${command.seat === view.viewer ? " (me)" : ""} starts`;
    case "sobek.play_set": return command.join >= 0 ? `Add to ${setName(view, command.join)}` : "Lay a new upright set";
    case "sobek.lay_sideways": return "Lay as a sideways set";
    case "sobek.court": return `Add to ${setName(view, command.set)}`;
    default: return command.type;
  }
}
