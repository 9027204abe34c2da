/*
 * The DOM helpers the page's scripts share (lobby.js, statusbar.js): window.ekoDom.el builds an
 * element whose text is set with textContent, never as HTML; window.ekoDom.clear empties one.
 */
(function () {
  "use strict";

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  window.ekoDom = { el: el, clear: clear };
})();
