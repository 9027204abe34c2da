/*
 * The Lobby page: asks for a display name, shows history and live messages, sends with Enter.
 * Every text from the server goes through textContent: nothing received is parsed as HTML.
 *
 * For the status bar (statusbar.js): window.ekoLobby = {socket, botName, me}, and a window event
 * "eko:socket" (detail: the socket) each time a socket is created. Eko's names carry
 * class "author-bot" and data-author.
 */
(function () {
  "use strict";

  var NAME_KEY = "eko.lobby.name";
  var ACK_TIMEOUT_MS = 10000;
  var botName = document.body.getAttribute("data-bot-name") || "Eko";
  if (botName.indexOf("{{") === 0) botName = "Eko"; // page opened without the server's substitution

  var ui = {
    connection: document.getElementById("connection"),
    changeName: document.getElementById("change-name"),
    feed: document.getElementById("feed"),
    messages: document.getElementById("messages"),
    empty: document.getElementById("empty"),
    composer: document.getElementById("composer"),
    text: document.getElementById("text"),
    send: document.getElementById("send"),
    sendError: document.getElementById("send-error"),
    nameDialog: document.getElementById("name-dialog"),
    nameForm: document.getElementById("name-form"),
    name: document.getElementById("name"),
    nameError: document.getElementById("name-error")
  };

  var state = { socket: null, me: null, ids: new Set(), sending: false };

  function storedName() {
    try { return (window.localStorage.getItem(NAME_KEY) || "").trim(); } catch (e) { return ""; }
  }

  function storeName(name) {
    try { window.localStorage.setItem(NAME_KEY, name); } catch (e) { /* private mode: not remembered */ }
  }

  function setConnection(text, offline) {
    ui.connection.textContent = text;
    ui.connection.classList.toggle("offline", !!offline);
  }

  function showError(element, text) {
    element.textContent = text || "";
    element.hidden = !text;
  }

  function setComposerEnabled(enabled) {
    ui.text.disabled = !enabled;
    ui.send.disabled = !enabled || state.sending;
  }

  // ---- messages --------------------------------------------------------------------------

  function formatTime(ts) {
    var date = new Date(ts);
    if (isNaN(date.getTime())) return { short: "", long: "" };
    var sameDay = date.toDateString() === new Date().toDateString();
    var time = date.toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit" });
    return {
      short: sameDay ? time : date.toLocaleDateString("fr-FR", { day: "numeric", month: "short" }) + " " + time,
      long: date.toLocaleString("fr-FR")
    };
  }

  function renderMessage(message) {
    var isBot = message.author === botName;
    var item = document.createElement("li");
    item.className = "msg" + (isBot ? " msg-bot" : "") + (message.author === state.me ? " msg-me" : "");
    item.setAttribute("data-id", String(message.id));

    var head = document.createElement("div");
    head.className = "msg-head";
    var author = document.createElement("span");
    author.className = "author" + (isBot ? " author-bot" : "");
    author.setAttribute("data-author", String(message.author));
    author.textContent = String(message.author);
    var time = document.createElement("time");
    var when = formatTime(message.ts);
    time.setAttribute("datetime", String(message.ts));
    time.title = when.long;
    time.textContent = when.short;
    head.appendChild(author);
    head.appendChild(time);

    var text = document.createElement("p");
    text.className = "msg-text";
    text.textContent = String(message.text);

    item.appendChild(head);
    item.appendChild(text);
    return item;
  }

  function nearBottom() {
    return ui.feed.scrollHeight - ui.feed.scrollTop - ui.feed.clientHeight < 80;
  }

  function scrollToBottom() {
    ui.feed.scrollTop = ui.feed.scrollHeight;
  }

  function isMessage(value) {
    return value && typeof value === "object" && typeof value.id === "string" &&
      typeof value.author === "string" && typeof value.text === "string";
  }

  function updateEmpty() {
    ui.empty.hidden = ui.messages.childElementCount > 0;
  }

  function addMessage(message) {
    if (!isMessage(message) || state.ids.has(message.id)) return;
    var follow = nearBottom() || message.author === state.me;
    state.ids.add(message.id);
    ui.messages.appendChild(renderMessage(message));
    updateEmpty();
    if (follow) scrollToBottom();
  }

  function replaceHistory(payload) {
    if (payload && typeof payload.error === "string") {
      // The server could not read its history (store down): keep what is shown, say why.
      showError(ui.sendError, payload.error);
      return;
    }
    // Sent on every (re)connection: it replaces the list, so nothing is shown twice.
    var list = payload && Array.isArray(payload.messages) ? payload.messages : [];
    state.ids = new Set();
    ui.messages.textContent = "";
    var fragment = document.createDocumentFragment();
    list.forEach(function (message) {
      if (!isMessage(message) || state.ids.has(message.id)) return;
      state.ids.add(message.id);
      fragment.appendChild(renderMessage(message));
    });
    ui.messages.appendChild(fragment);
    updateEmpty();
    scrollToBottom();
  }

  // ---- connection ------------------------------------------------------------------------

  function connect(name) {
    if (state.socket) {
      state.socket.removeAllListeners();
      state.socket.disconnect();
    }
    state.me = name;
    setConnection("Connexion…");
    setComposerEnabled(false);
    var socket = window.io({ auth: { name: name } });
    state.socket = socket;

    socket.on("connect", function () {
      setConnection("Connecté en tant que " + name);
      ui.changeName.hidden = false;
      setComposerEnabled(true);
      showError(ui.sendError, "");
    });
    socket.on("disconnect", function (reason) {
      setConnection("Connexion perdue, reconnexion…", true);
      setComposerEnabled(false);
      if (reason === "io server disconnect") {
        // The server closed this session on purpose; come back anyway, like after a restart.
        window.setTimeout(function () { if (state.socket === socket) socket.connect(); }, 2000);
      }
    });
    socket.on("connect_error", function (error) {
      if (!socket.active && error && error.data && error.data.retry) {
        // A temporary refusal (the Lobby is restarting): try again as we are.
        setConnection(error.message || "Reconnexion…", true);
        window.setTimeout(function () { if (state.socket === socket) socket.connect(); }, 2000);
        return;
      }
      if (!socket.active) {
        // Refused by the server (name invalid or reserved): ask again, with its reason.
        setConnection("Non connecté", true);
        askName(error && error.message ? error.message : "Connexion refusée");
        return;
      }
      setConnection("Serveur injoignable, nouvel essai…", true);
    });
    socket.on("history", replaceHistory);
    socket.on("message", addMessage);

    window.ekoLobby = { socket: socket, botName: botName, me: name };
    window.dispatchEvent(new CustomEvent("eko:socket", { detail: socket }));
  }

  function send() {
    var text = ui.text.value.trim();
    if (!text || state.sending || !state.socket) return;
    state.sending = true;
    setComposerEnabled(state.socket.connected);
    var sent = ui.text.value;
    state.socket.timeout(ACK_TIMEOUT_MS).emit("message", { text: text }, function (error, ack) {
      state.sending = false;
      setComposerEnabled(state.socket && state.socket.connected);
      if (error) {
        showError(ui.sendError, "Pas de réponse du serveur : message non envoyé.");
      } else if (!ack || ack.ok !== true) {
        showError(ui.sendError, (ack && ack.error) || "Message refusé.");
      } else {
        showError(ui.sendError, "");
        if (ui.text.value === sent) ui.text.value = "";
        autoGrow();
        addMessage(ack.message);
      }
      ui.text.focus();
    });
  }

  // ---- name ------------------------------------------------------------------------------

  function askName(reason) {
    ui.name.value = state.me || storedName();
    showError(ui.nameError, reason || "");
    ui.nameDialog.hidden = false;
    ui.name.focus();
    ui.name.select();
  }

  ui.nameForm.addEventListener("submit", function (event) {
    event.preventDefault();
    var name = ui.name.value.trim();
    if (!name) {
      showError(ui.nameError, "Indiquez un nom.");
      return;
    }
    storeName(name);
    ui.nameDialog.hidden = true;
    connect(name);
    ui.text.focus();
  });

  ui.changeName.addEventListener("click", function () { askName(""); });

  // ---- composer --------------------------------------------------------------------------

  function autoGrow() {
    ui.text.style.height = "auto";
    ui.text.style.height = Math.min(ui.text.scrollHeight + 2, 160) + "px";
  }

  ui.composer.addEventListener("submit", function (event) {
    event.preventDefault();
    send();
  });

  ui.text.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      send();
    }
  });

  ui.text.addEventListener("input", autoGrow);

  // ---- start -----------------------------------------------------------------------------

  if (typeof window.io !== "function") {
    setConnection("Client Socket.IO introuvable (/static/vendor/socket.io.min.js) : lancez scripts/install.sh", true);
    return;
  }
  var name = storedName();
  if (name) {
    connect(name);
  } else {
    setConnection("Hors ligne");
    askName("");
  }
})();
