/*
 * The Lobby page: a display name held by this browser's key, history and live messages (own ones
 * apart, grouped by author, with days and times), replies, who is online, unread messages, a draft
 * and an outbox that survive a lost connection.
 *
 * Every text from the server goes through textContent: nothing received is parsed as HTML. Every
 * text of the page comes from the catalogue (window.ekoI18n, lobby/i18n/*.json).
 *
 * For the status bar (statusbar.js): window.ekoLobby = {socket, botName, me}, and a window event
 * "eko:socket" (detail: the socket) each time a socket is created. Eko's names carry
 * class "author-bot" and data-author.
 */
(function () {
  "use strict";

  var NAME_KEY = "eko.lobby.name";
  var PERSON_KEY = "eko.lobby.key";
  var ACK_TIMEOUT_MS = 10000;
  var RETRY_MS = 2000;
  var GROUP_WITHIN_MS = 5 * 60 * 1000;
  var BOTTOM_SLACK_PX = 40;
  var COUNTER_FROM = 3500;
  var COUNTER_WARN_FROM = 3900;
  var QUOTE_CHARS = 140;
  var ANNOUNCE_CHARS = 300;
  var BACK_ONLINE_MS = 3000;

  var i18n = window.ekoI18n;
  var t = i18n.t;
  var locale = i18n.locale;
  var botName = document.body.getAttribute("data-bot-name") || "Eko";
  if (botName.indexOf("{{") === 0) botName = "Eko"; // page opened without the server's substitution
  var baseTitle = document.title;
  var maxLength = 4000;

  var ui = {};
  [
    "me", "change-name", "banner", "feed", "messages", "outbox", "empty", "jump", "composer",
    "replying", "replying-text", "cancel-reply", "text", "send", "counter", "send-error", "people",
    "presence-title", "announcer", "name-dialog", "name-form", "name", "name-error", "name-cancel"
  ].forEach(function (id) {
    ui[id.replace(/-(\w)/g, function (m, c) { return c.toUpperCase(); })] = document.getElementById(id);
  });
  maxLength = Number(ui.text.getAttribute("maxlength")) || maxLength;

  var state = {
    socket: null,
    key: personKey(),
    me: null, // the name the server accepted for this connection
    lastGood: null, // the last name a connection was accepted with (to go back to)
    connected: false,
    everConnected: false,
    messages: new Map(), // id → message
    last: null, // the last message shown, for grouping
    unread: 0,
    divider: null,
    outbox: [],
    flushing: false,
    replyTarget: null,
    bannerTimer: null
  };

  // ---- storage ---------------------------------------------------------------------------

  function storageGet(key) {
    try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; }
  }

  function storageSet(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* private mode: not remembered */ }
  }

  function personKey() {
    // The random key that makes this browser the holder of its name (docs/lobby-protocol.md).
    var key = storageGet(PERSON_KEY);
    if (/^[A-Za-z0-9_-]{16,128}$/.test(key)) return key;
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    key = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    storageSet(PERSON_KEY, key);
    return key;
  }

  // ---- small helpers ---------------------------------------------------------------------

  var el = window.ekoDom.el; // dom.js: text only, never innerHTML

  function showError(element, text) {
    element.textContent = text || "";
    element.hidden = !text;
  }

  function shorten(text, max) {
    var flat = String(text).replace(/\s+/g, " ").trim();
    return flat.length > max ? flat.slice(0, max - 1) + "…" : flat;
  }

  function isMessage(value) {
    return value && typeof value === "object" && typeof value.id === "string" &&
      typeof value.author === "string" && typeof value.text === "string";
  }

  function isOwn(message) {
    return state.me !== null && message.author === state.me;
  }

  // ---- time --------------------------------------------------------------------------------

  var timeFormat = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
  var longFormat = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short" });

  function parseTs(ts) {
    var date = new Date(ts);
    return isNaN(date.getTime()) ? null : date;
  }

  function dayKey(date) {
    return date ? date.getFullYear() + "-" + date.getMonth() + "-" + date.getDate() : "";
  }

  function dayLabel(date) {
    var today = new Date();
    var yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    if (dayKey(date) === dayKey(today)) return t("page.today");
    if (dayKey(date) === dayKey(yesterday)) return t("page.yesterday");
    var options = { weekday: "long", day: "numeric", month: "long" };
    if (date.getFullYear() !== today.getFullYear()) options.year = "numeric";
    return date.toLocaleDateString(locale, options);
  }

  // ---- messages ----------------------------------------------------------------------------

  function continues(previous, message, date) {
    // Consecutive messages of one author within a few minutes read as one group; a reply starts one.
    if (!previous || previous.author !== message.author || message.replyTo) return false;
    var before = parseTs(previous.ts);
    return !!(before && date && dayKey(before) === dayKey(date) && date - before < GROUP_WITHIN_MS);
  }

  function authorLabel(message) {
    return isOwn(message) ? t("page.youAuthor") : message.author;
  }

  function renderQuote(message) {
    var quoted = state.messages.get(message.replyTo);
    if (!quoted) return el("p", "quote quote-missing", t("page.quoteMissing"));
    var quote = el("button", "quote");
    quote.type = "button";
    quote.setAttribute("data-reply-to", String(message.replyTo));
    quote.title = t("page.quoteJump", { author: quoted.author });
    quote.appendChild(el("span", "quote-author", t("page.inReplyTo", { author: authorLabel(quoted) })));
    quote.appendChild(el("span", "quote-text", shorten(quoted.text, QUOTE_CHARS)));
    quote.addEventListener("click", function () { showOriginal(quoted.id); });
    return quote;
  }

  function renderMessage(message, grouped) {
    var isBot = message.author === botName;
    var own = isOwn(message);
    var item = el("li", "msg" + (own ? " msg-me" : isBot ? " msg-bot" : " msg-other") + (grouped ? " msg-cont" : ""));
    item.setAttribute("data-id", message.id);
    item.setAttribute("data-author", message.author);
    item.tabIndex = -1; // a quote can move the focus here

    var head = el("div", "msg-head");
    var author = el("span", "author" + (isBot ? " author-bot" : "") + (grouped ? " visually-hidden" : ""), authorLabel(message));
    author.setAttribute("data-author", message.author);
    head.appendChild(author);
    if (isBot && !grouped) head.appendChild(el("span", "badge badge-bot", t("page.botBadge")));
    var date = parseTs(message.ts);
    if (date) {
      var time = el("time", "msg-time", timeFormat.format(date));
      time.setAttribute("datetime", message.ts);
      time.title = longFormat.format(date);
      head.appendChild(time);
    }
    item.appendChild(head);

    var bubble = el("div", "bubble");
    if (typeof message.replyTo === "string" && message.replyTo) bubble.appendChild(renderQuote(message));
    bubble.appendChild(el("p", "msg-text", message.text));
    item.appendChild(bubble);

    var reply = el("button", "reply-button");
    reply.type = "button";
    var icon = el("span", "reply-icon", "↩");
    icon.setAttribute("aria-hidden", "true");
    reply.appendChild(icon);
    reply.appendChild(el("span", "reply-label", t("page.reply")));
    reply.setAttribute("aria-label", t("page.replyTo", { author: authorLabel(message) }));
    reply.addEventListener("click", function () { setReplyTarget(message); });
    item.appendChild(reply);
    return item;
  }

  function daySeparator(date) {
    var item = el("li", "day");
    var label = el("span", "day-label", dayLabel(date));
    label.setAttribute("role", "heading");
    label.setAttribute("aria-level", "3");
    item.appendChild(label);
    return item;
  }

  function append(message, target) {
    var date = parseTs(message.ts);
    var previousDate = state.last ? parseTs(state.last.ts) : null;
    if (date && (!previousDate || dayKey(previousDate) !== dayKey(date))) target.appendChild(daySeparator(date));
    var node = renderMessage(message, continues(state.last, message, date));
    target.appendChild(node);
    state.messages.set(message.id, message);
    state.last = message;
    return node;
  }

  function updateEmpty() {
    ui.empty.hidden = state.messages.size > 0 || ui.outbox.childElementCount > 0;
  }

  function replaceHistory(payload) {
    if (payload && typeof payload.you === "string") state.me = payload.you;
    if (payload && typeof payload.error === "string") {
      // The server could not read its history (store down): keep what is shown, say why.
      showError(ui.sendError, payload.error);
      return;
    }
    // Sent on every (re)connection: it replaces the list, so nothing is shown twice.
    var list = payload && Array.isArray(payload.messages) ? payload.messages : [];
    state.messages = new Map();
    state.last = null;
    state.divider = null;
    ui.messages.textContent = "";
    var fragment = document.createDocumentFragment();
    list.forEach(function (message) {
      if (isMessage(message) && !state.messages.has(message.id)) append(message, fragment);
    });
    ui.messages.appendChild(fragment);
    updateEmpty();
    scrollToBottom();
    markRead();
  }

  function addMessage(message) {
    if (!isMessage(message) || state.messages.has(message.id)) return;
    var own = isOwn(message);
    var follow = atBottom();
    var node = append(message, ui.messages);
    updateEmpty();
    if (own) {
      removeDivider();
      scrollToBottom();
      markRead();
      return;
    }
    announce(message);
    if (follow) scrollToBottom();
    if (!follow || document.visibilityState !== "visible") {
      state.unread += 1;
      if (state.unread === 1) {
        removeDivider();
        state.divider = el("li", "unread-divider");
        state.divider.appendChild(el("span", "unread-label", t("page.newMessages")));
        ui.messages.insertBefore(state.divider, node);
      }
    }
    updateUnread();
  }

  function announce(message) {
    var quoted = message.replyTo ? state.messages.get(message.replyTo) : null;
    var text = shorten(message.text, ANNOUNCE_CHARS);
    ui.announcer.textContent = quoted
      ? t("page.announceReply", { author: message.author, to: authorLabel(quoted), text: text })
      : t("page.announce", { author: message.author, text: text });
  }

  function showOriginal(id) {
    var node = ui.messages.querySelector('li[data-id="' + CSS.escape(id) + '"]');
    if (!node) return;
    node.scrollIntoView({ block: "center" });
    node.classList.remove("flash");
    void node.offsetWidth; // restart the highlight
    node.classList.add("flash");
    node.focus({ preventScroll: true });
  }

  // ---- unread and scrolling ------------------------------------------------------------------

  function atBottom() {
    return ui.feed.scrollHeight - ui.feed.scrollTop - ui.feed.clientHeight < BOTTOM_SLACK_PX;
  }

  function scrollToBottom() {
    ui.feed.scrollTop = ui.feed.scrollHeight;
  }

  function removeDivider() {
    if (state.divider && state.divider.parentNode) state.divider.parentNode.removeChild(state.divider);
    state.divider = null;
  }

  function markRead() {
    if (document.visibilityState === "visible" && atBottom()) state.unread = 0;
    updateUnread();
  }

  function updateUnread() {
    document.title = state.unread > 0 ? t("page.titleUnread", { count: state.unread, title: baseTitle }) : baseTitle;
    ui.jump.hidden = atBottom();
    ui.jump.classList.toggle("jump-unread", state.unread > 0);
    var label = state.unread > 0 ? t("page.jumpUnread", { count: state.unread }) : t("page.jumpLatest");
    if (ui.jump.getAttribute("data-label") === label) return; // scrolling calls this often
    ui.jump.setAttribute("data-label", label);
    ui.jump.textContent = "";
    var arrow = el("span", "jump-arrow", "↓");
    arrow.setAttribute("aria-hidden", "true");
    ui.jump.appendChild(arrow);
    ui.jump.appendChild(el("span", null, label));
  }

  ui.feed.addEventListener("scroll", markRead, { passive: true });
  document.addEventListener("visibilitychange", markRead);
  window.addEventListener("resize", markRead);
  ui.jump.addEventListener("click", function () {
    scrollToBottom();
    markRead();
    ui.text.focus();
  });

  // ---- replies -----------------------------------------------------------------------------

  function setReplyTarget(message) {
    state.replyTarget = message;
    ui.replyingText.textContent = "";
    ui.replyingText.appendChild(el("strong", null, t("page.replyingTo", { author: authorLabel(message) })));
    ui.replyingText.appendChild(el("span", "replying-quote", shorten(message.text, QUOTE_CHARS)));
    ui.replying.hidden = false;
    if (!ui.text.disabled) ui.text.focus();
  }

  function clearReply() {
    state.replyTarget = null;
    ui.replying.hidden = true;
    ui.replyingText.textContent = "";
  }

  ui.cancelReply.addEventListener("click", function () {
    clearReply();
    ui.text.focus();
  });

  // ---- presence ----------------------------------------------------------------------------

  function renderPresence(payload) {
    var people = payload && Array.isArray(payload.people) ? payload.people : [];
    ui.people.textContent = "";
    var count = 0;
    people.forEach(function (person) {
      if (!person || typeof person.name !== "string") return;
      count += 1;
      var item = el("li", "person" + (person.bot ? " person-bot" : "") + (person.name === state.me ? " person-me" : ""));
      var dot = el("span", "presence-dot");
      dot.setAttribute("aria-hidden", "true");
      item.appendChild(dot);
      item.appendChild(el("span", "person-name" + (person.bot ? " author-bot" : ""), person.name));
      if (person.bot) item.appendChild(el("span", "badge badge-bot", t("page.botBadge")));
      if (person.name === state.me) item.appendChild(el("span", "badge badge-me", t("page.youBadge")));
      ui.people.appendChild(item);
    });
    ui.presenceTitle.textContent = t("page.presenceHeading", { count: count });
  }

  // ---- connection banner -------------------------------------------------------------------

  function setConnectionState(value) {
    // "connecting" | "online" | "offline" | "refused": for styles and tests.
    state.connected = value === "online";
    document.body.setAttribute("data-connection", value);
  }

  function setBanner(text, kind) {
    if (state.bannerTimer) window.clearTimeout(state.bannerTimer);
    state.bannerTimer = null;
    ui.banner.textContent = text || "";
    ui.banner.className = "banner" + (kind ? " banner-" + kind : "");
    ui.banner.hidden = !text;
    document.body.classList.toggle("is-offline", kind === "offline");
  }

  // ---- the outbox: what was sent while offline goes out once connected ---------------------------

  function pendingLabel() {
    return state.connected ? t("page.sending") : t("page.pending");
  }

  function queue(text, replyTo) {
    var item = { text: text, replyTo: replyTo, node: el("li", "msg msg-me msg-pending") };
    var bubble = el("div", "bubble");
    bubble.appendChild(el("p", "msg-text", text));
    item.status = el("p", "msg-status", pendingLabel());
    item.node.appendChild(bubble);
    item.node.appendChild(item.status);
    ui.outbox.appendChild(item.node);
    state.outbox.push(item);
    updateEmpty();
    scrollToBottom();
    flush();
  }

  function refreshPending() {
    state.outbox.forEach(function (item) { item.status.textContent = pendingLabel(); });
  }

  function flush() {
    refreshPending();
    var socket = state.socket;
    if (state.flushing || !socket || !socket.connected || !state.outbox.length) return;
    var item = state.outbox[0];
    state.flushing = true;
    var payload = { text: item.text };
    if (item.replyTo) payload.replyTo = item.replyTo;
    socket.timeout(ACK_TIMEOUT_MS).emit("message", payload, function (error, ack) {
      state.flushing = false;
      state.outbox.shift();
      item.node.parentNode.removeChild(item.node);
      if (error) {
        giveBack(item, t("page.noAck"));
      } else if (!ack || ack.ok !== true) {
        giveBack(item, t("page.refusedBack", { reason: (ack && typeof ack.error === "string" && ack.error) || t("page.refused") }));
      } else {
        showError(ui.sendError, "");
        addMessage(ack.message);
      }
      updateEmpty();
      flush();
    });
  }

  function giveBack(item, reason) {
    // Nothing typed is lost: a message that did not go out is back in the box, after any new draft.
    var draft = ui.text.value.replace(/\s+$/, "");
    ui.text.value = draft ? draft + "\n" + item.text : item.text;
    if (item.replyTo && state.messages.has(item.replyTo) && !state.replyTarget) setReplyTarget(state.messages.get(item.replyTo));
    showError(ui.sendError, reason);
    autoGrow();
    updateCounter();
  }

  function send() {
    var text = ui.text.value.trim();
    if (!text || !state.socket) return;
    queue(text, state.replyTarget ? state.replyTarget.id : null);
    ui.text.value = "";
    clearReply();
    showError(ui.sendError, "");
    autoGrow();
    updateCounter();
  }

  // ---- connection ------------------------------------------------------------------------

  function connect(name) {
    if (state.socket) {
      state.socket.removeAllListeners();
      state.socket.disconnect();
    }
    setConnectionState("connecting");
    var socket = window.io({ auth: { name: name, key: state.key } });
    state.socket = socket;
    setComposerEnabled(true);

    socket.on("connect", function () {
      var wasOffline = state.everConnected && !ui.banner.hidden;
      setConnectionState("online");
      state.everConnected = true;
      state.lastGood = name;
      storageSet(NAME_KEY, name);
      ui.changeName.hidden = false;
      if (wasOffline) {
        setBanner(t("page.backOnline"), "ok");
        state.bannerTimer = window.setTimeout(function () { setBanner(""); }, BACK_ONLINE_MS);
      } else {
        setBanner("");
      }
      flush();
    });
    socket.on("disconnect", function (reason) {
      setConnectionState("offline");
      setBanner(t("page.offlineBanner"), "offline");
      refreshPending();
      if (reason === "io server disconnect") {
        // The server closed this session on purpose; come back anyway, like after a restart.
        window.setTimeout(function () { if (state.socket === socket) socket.connect(); }, RETRY_MS);
      }
    });
    socket.on("connect_error", function (error) {
      setConnectionState("offline");
      var data = error && error.data;
      if (!socket.active && data && data.retry) {
        // A temporary refusal (the Lobby is restarting): try again as we are.
        setBanner(t("page.restartingBanner"), "offline");
        window.setTimeout(function () { if (state.socket === socket) socket.connect(); }, RETRY_MS);
        return;
      }
      if (!socket.active) {
        // Refused by the server (the name is taken, invalid or reserved): ask again, with its reason.
        setBanner("");
        setConnectionState("refused");
        state.me = null;
        askName(error && error.message ? error.message : t("page.connectionRefused"), name);
        return;
      }
      setBanner(state.everConnected ? t("page.offlineBanner") : t("page.unreachableBanner"), "offline");
    });
    socket.on("history", replaceHistory);
    socket.on("message", addMessage);
    socket.on("presence", renderPresence);

    window.ekoLobby = { socket: socket, botName: botName, me: name };
    window.dispatchEvent(new CustomEvent("eko:socket", { detail: socket }));
    updateMe(name);
  }

  function updateMe(name) {
    ui.me.textContent = t("page.you", { name: name });
    ui.me.hidden = false;
  }

  function setComposerEnabled(enabled) {
    ui.text.disabled = !enabled;
    ui.send.disabled = !enabled;
  }

  // ---- the name dialog ---------------------------------------------------------------------

  function askName(reason, proposed) {
    ui.name.value = proposed || state.lastGood || storageGet(NAME_KEY).trim();
    showError(ui.nameError, reason || "");
    // With a name already in use there is something to go back to: Cancel and Escape close.
    ui.nameCancel.hidden = !state.lastGood;
    if (!ui.nameDialog.open) ui.nameDialog.showModal();
    ui.name.focus();
    ui.name.select();
  }

  function closeNameDialog() {
    if (ui.nameDialog.open) ui.nameDialog.close();
    showError(ui.nameError, "");
  }

  function backToLastName() {
    closeNameDialog();
    if (state.lastGood && !(state.socket && state.socket.connected)) connect(state.lastGood);
    ui.text.focus();
  }

  ui.nameDialog.addEventListener("cancel", function (event) {
    event.preventDefault(); // Escape: nothing to go back to before a first name
    if (state.lastGood) backToLastName();
  });
  ui.nameCancel.addEventListener("click", backToLastName);

  ui.nameDialog.addEventListener("keydown", function (event) {
    // A modal dialog keeps the keyboard: Tab from its last control goes back to its first (the
    // browser would otherwise move on to its own toolbar, then to the page behind).
    if (event.key !== "Tab") return;
    var controls = Array.prototype.filter.call(
      ui.nameDialog.querySelectorAll("input, button, [tabindex]"),
      function (node) { return !node.disabled && !node.hidden && node.tabIndex >= 0; }
    );
    if (!controls.length) return;
    var first = controls[0];
    var last = controls[controls.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  ui.nameForm.addEventListener("submit", function (event) {
    event.preventDefault();
    var name = ui.name.value.trim();
    if (!name) {
      showError(ui.nameError, t("page.nameRequired"));
      ui.name.focus();
      return;
    }
    closeNameDialog();
    if (name !== state.me || !(state.socket && state.socket.connected)) connect(name);
    ui.text.focus();
  });

  ui.changeName.addEventListener("click", function () { askName(""); });

  // ---- composer --------------------------------------------------------------------------

  function autoGrow() {
    ui.text.style.height = "auto";
    ui.text.style.height = Math.min(ui.text.scrollHeight + 2, 160) + "px";
  }

  function updateCounter() {
    var count = ui.text.value.length;
    ui.counter.hidden = count < COUNTER_FROM;
    ui.counter.classList.toggle("counter-warn", count >= COUNTER_WARN_FROM);
    ui.counter.textContent = count < COUNTER_FROM ? "" :
      t("page.counter", { count: count.toLocaleString(locale), max: maxLength.toLocaleString(locale) });
  }

  ui.composer.addEventListener("submit", function (event) {
    event.preventDefault();
    send();
  });

  ui.text.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === "Escape" && state.replyTarget) {
      event.preventDefault();
      clearReply();
    }
  });

  ui.text.addEventListener("input", function () {
    autoGrow();
    updateCounter();
  });

  window.addEventListener("beforeunload", function (event) {
    // Messages still waiting for the connection live only in this page: ask before losing them.
    if (!state.outbox.length) return;
    event.preventDefault();
    event.returnValue = "";
  });

  // ---- start -----------------------------------------------------------------------------

  updateUnread();
  if (typeof window.io !== "function") {
    setBanner(t("page.noClient"), "offline");
    return;
  }
  var name = storageGet(NAME_KEY).trim();
  if (name) {
    connect(name);
  } else {
    askName("");
  }
})();
