/*
 * The page's texts: the catalogue the server embedded in <script id="eko-i18n"> (lobby/i18n/*.json,
 * in the Lobby's language, the same as <html lang>). window.ekoI18n.t("page.send", {params}) gives a
 * text with its {placeholders} filled; a plural entry ({"one", "other"}) is chosen by params.count.
 */
(function () {
  "use strict";

  var data = {};
  try {
    var node = document.getElementById("eko-i18n");
    data = JSON.parse(node ? node.textContent : "{}") || {};
  } catch (e) {
    data = {};
  }
  var lang = (document.documentElement.lang || "fr").toLowerCase().indexOf("en") === 0 ? "en" : "fr";
  var plurals = new Intl.PluralRules(lang);

  function lookup(key) {
    var parts = key.split(".");
    var entry = data;
    for (var i = 0; i < parts.length; i++) {
      if (!entry || typeof entry !== "object") return undefined;
      entry = entry[parts[i]];
    }
    return entry;
  }

  function fill(template, params) {
    return template.replace(/\{(\w+)\}/g, function (match, name) {
      return params && Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : match;
    });
  }

  function t(key, params) {
    var entry = lookup(key);
    if (entry && typeof entry === "object") {
      var count = params && typeof params.count === "number" ? params.count : 0;
      entry = entry[plurals.select(count)] || entry.other;
    }
    // A missing text shows its key: visible in the page and in the tests, never a crash.
    return typeof entry === "string" ? fill(entry, params) : key;
  }

  window.ekoI18n = {
    lang: lang,
    locale: lang === "en" ? "en-GB" : "fr-FR",
    t: t,
    has: function (key) { return typeof lookup(key) === "string"; }
  };
})();
