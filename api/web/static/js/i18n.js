// Text in the page's language, from the same gettext catalogs the server renders with: the page names its
// catalog (<meta name="papyrus-catalog">, JSON built from the compiled catalog) and this module loads it once.
// _("…"), n_("…", "…", count) and p_(context, "…") translate the pages' own words (pybabel extracts them);
// t(message) renders a message the server sent as {id, args, plural, context} (or a plain string, as is).
const meta = document.querySelector('meta[name="papyrus-catalog"]');
export const lang = document.documentElement.lang || "en";
const catalog = meta ? await fetch(meta.content).then((r) => (r.ok ? r.json() : null)).catch(() => null) : null;
const messages = (catalog && catalog.messages) || {};
const categories = (catalog && catalog.plural) || ["one", "other"];
const rules = new Intl.PluralRules(lang);
const CONTEXT = "\u0004";

function lookup(context, id, plural, count) {
  const found = messages[context ? `${context}${CONTEXT}${id}` : id];
  if (plural) {
    if (Array.isArray(found)) {
      const form = found[categories.indexOf(rules.select(count))];
      if (form) return form;
    }
    return count === 1 ? id : plural;
  }
  return typeof found === "string" && found ? found : id;
}

function fill(template, args) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? argument(args[name]) : whole));
}

function argument(value) {
  if (Array.isArray(value)) return value.map(argument).join(lookup("list separator", ", "));
  if (value && typeof value === "object") return t(value);
  return String(value);
}

export function t(message) {
  if (message === null || message === undefined) return "";
  if (typeof message !== "object") return String(message);
  const args = message.args || {};
  return fill(lookup(message.context || "", message.id, message.plural || "", args.count), args);
}

export const _ = (id, args = {}) => fill(lookup("", id, "", 0), args);
export const n_ = (singular, plural, count, args = {}) => fill(lookup("", singular, plural, count), { count, ...args });
export const p_ = (context, id, args = {}) => fill(lookup(context, id, "", 0), args);
export const list = (items) => items.join(lookup("list separator", ", "));

// A translated sentence with elements in it: each {name} left in `text` becomes nodes[name] (a link, say).
export function placed(text, nodes) {
  return text.split(/(\{\w+\})/).filter(Boolean).map((part) => {
    const name = part.match(/^\{(\w+)\}$/);
    return name && nodes[name[1]] ? nodes[name[1]] : part;
  });
}
