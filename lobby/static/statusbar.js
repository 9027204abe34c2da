/*
 * Eko's StatusBar: the live view of a running reflection and the stats panel.
 *
 * Contract with the page (lobby/static/index.html): a <div id="statusbar">, window.ekoLobby =
 * {socket, botName, me}, and a window event "eko:socket" each time a new socket is created.
 * Events listened to: reflection:progress {reflectionId, phase, action?, reason?} and
 * reflection:update {stats, latest}. The panel reads GET /reflection/status and emits
 * reflection:trigger (ack {ok, error?, retryAfterS?}).
 *
 * Every piece of text coming from the server is set with textContent, never as HTML.
 */
(function () {
  "use strict";

  var PHASES = ["gathering", "context", "thinking", "done"];
  // Offline, the four phases can arrive within ~65 ms: each one stays on screen at least this long
  // (the page only delays what it shows; Eko's reflection and its message are never held back).
  var MIN_PHASE_MS = 900;
  var FADE_AFTER_MS = 5000;
  var FADE_DURATION_MS = 400;
  var LONG_PRESS_MS = 500;
  var LONG_PRESS_SLOP_PX = 10;
  var ACK_TIMEOUT_MS = 15000;

  // Texts come from the page's catalogue (lobby/i18n/*.json, "statusbar" section): see i18n.js.
  var i18n = window.ekoI18n || { t: function (key) { return key; }, locale: "fr-FR" };
  var locale = i18n.locale;

  function T(key, params) {
    return i18n.t("statusbar." + key, params);
  }

  // ---- tiny DOM helpers (text only, never innerHTML) ----------------------------------------

  var el = window.ekoDom.el; // dom.js
  var clear = window.ekoDom.clear;

  function num(value) {
    var n = Number(value);
    return isFinite(n) ? n : 0;
  }

  function formatInt(value) {
    return num(value).toLocaleString(locale);
  }

  function formatDate(value) {
    if (!value) return "—";
    var d = new Date(value);
    if (isNaN(d.getTime())) return String(value);
    return d.toLocaleString(locale, { day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" });
  }

  function formatDuration(ms) {
    var n = num(ms);
    if (n < 1000) return T("durationMs", { value: Math.round(n) });
    if (n < 60000) return T("durationS", { value: (n / 1000).toLocaleString(locale, { maximumFractionDigits: 1 }) });
    return T("durationMin", { value: Math.round(n / 60000) });
  }

  function formatSeconds(s) {
    var n = Math.max(0, Math.round(num(s)));
    if (n === 0) return T("cooldownNone");
    if (n < 60) return T("durationS", { value: n });
    if (n < 3600) return T("durationMin", { value: Math.ceil(n / 60) });
    var h = Math.floor(n / 3600);
    var m = Math.round((n % 3600) / 60);
    return m ? T("durationHMin", { hours: h, minutes: String(m).padStart(2, "0") }) : T("durationH", { hours: h });
  }

  // ---- state -------------------------------------------------------------------------------

  var state = {
    socket: null,
    reflectionId: null,
    phase: null,
    queued: { id: null, index: -1 }, // the last phase accepted (shown or waiting to be)
    waiting: [], // phases received but not shown yet
    phaseTimer: null,
    fadeTimer: null,
    hideTimer: null,
    stats: null,
    latest: null,
    status: null,
    statusError: false,
    fetching: null,
    fetchAgain: false,
    panelOpen: false,
    lastFocus: null,
  };

  var ui = {};

  // ---- the bar: Eko chip + live reflection --------------------------------------------------

  function buildBar(root) {
    clear(root);
    root.classList.add("sb");
    ui.chip = el("button", "sb-chip");
    ui.chip.type = "button";
    ui.chip.title = T("chipTitle");
    ui.chip.setAttribute("aria-haspopup", "dialog");
    ui.chip.setAttribute("aria-expanded", "false");
    ui.chipDot = el("span", "sb-dot");
    ui.chipDot.setAttribute("aria-hidden", "true");
    ui.chip.appendChild(ui.chipDot);
    ui.chipName = el("span", "sb-chip-name", botName());
    ui.chip.appendChild(ui.chipName);
    root.appendChild(ui.chip);

    ui.live = el("div", "sb-live");
    ui.live.setAttribute("role", "status");
    ui.live.setAttribute("aria-live", "polite");
    ui.live.hidden = true;
    ui.liveTitle = el("span", "sb-live-title", T("thinking"));
    ui.steps = el("ol", "sb-steps");
    ui.stepItems = {};
    PHASES.forEach(function (phase) {
      var li = el("li", "sb-step", T("phase." + phase));
      li.setAttribute("data-phase", phase);
      ui.stepItems[phase] = li;
      ui.steps.appendChild(li);
    });
    ui.result = el("span", "sb-result");
    ui.result.hidden = true;
    ui.live.appendChild(ui.liveTitle);
    ui.live.appendChild(ui.steps);
    ui.live.appendChild(ui.result);
    root.appendChild(ui.live);
  }

  function botName() {
    var lobby = window.ekoLobby;
    if (lobby && typeof lobby.botName === "string" && lobby.botName) return lobby.botName;
    var fromPage = document.body && document.body.getAttribute("data-bot-name");
    return fromPage && fromPage.indexOf("{{") < 0 ? fromPage : "Eko";
  }

  function clearFade() {
    if (state.fadeTimer) clearTimeout(state.fadeTimer);
    if (state.hideTimer) clearTimeout(state.hideTimer);
    state.fadeTimer = state.hideTimer = null;
    ui.live.classList.remove("sb-live--fading");
  }

  function onProgress(data) {
    if (!ui.live || !data || typeof data !== "object") return;
    var phase = String(data.phase || "");
    var index = PHASES.indexOf(phase);
    if (index < 0) return;
    var id = data.reflectionId == null ? null : String(data.reflectionId);
    // A late, out-of-order event for this reflection never moves the display backwards.
    if (id === state.queued.id && index <= state.queued.index) return;
    state.queued = { id: id, index: index };
    state.waiting.push(data);
    if (!state.phaseTimer) showNextPhase();
  }

  function showNextPhase() {
    // One phase at a time, each for at least MIN_PHASE_MS; a burst of events is shown in order.
    state.phaseTimer = null;
    var data = state.waiting.shift();
    if (!data) return;
    showPhase(data);
    state.phaseTimer = setTimeout(showNextPhase, MIN_PHASE_MS);
  }

  function showPhase(data) {
    var phase = String(data.phase);
    var index = PHASES.indexOf(phase);
    var id = data.reflectionId == null ? null : String(data.reflectionId);
    if (id !== state.reflectionId) {
      // A new reflection: start the display over.
      state.reflectionId = id;
      ui.result.hidden = true;
      ui.result.className = "sb-result";
      ui.live.classList.remove("sb-live--message", "sb-live--pass");
    }
    clearFade();
    state.phase = phase;
    ui.live.hidden = false;
    ui.live.setAttribute("data-phase", phase);
    ui.liveTitle.textContent = T("thinking");
    ui.liveTitle.hidden = phase === "done";
    PHASES.forEach(function (p, i) {
      var item = ui.stepItems[p];
      item.classList.toggle("sb-step--done", i < index || (phase === "done" && i === index));
      item.classList.toggle("sb-step--current", i === index && phase !== "done");
      if (i === index) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    });
    if (phase === "done") showResult(data);
  }

  function showResult(data) {
    var action = data.action === "message" ? "message" : "pass";
    var reason = typeof data.reason === "string" ? data.reason : "";
    ui.live.classList.add(action === "message" ? "sb-live--message" : "sb-live--pass");
    ui.result.className = "sb-result sb-result--" + action;
    ui.result.textContent = (action === "message" ? T("resultMessage") : T("resultPass")) + (reason ? " · " + reason : "");
    ui.result.title = reason;
    ui.result.hidden = false;
    state.fadeTimer = setTimeout(function () {
      ui.live.classList.add("sb-live--fading");
      state.hideTimer = setTimeout(function () {
        ui.live.hidden = true;
        ui.live.classList.remove("sb-live--fading");
      }, FADE_DURATION_MS);
    }, FADE_AFTER_MS);
  }

  function onUpdate(data) {
    if (!data || typeof data !== "object") return;
    if (data.stats && typeof data.stats === "object") state.stats = data.stats;
    if (data.latest && typeof data.latest === "object") state.latest = data.latest;
    // The status (mode, limits, history) is fetched again after every reflection, panel open or
    // not, so the chip's online/offline dot stays right too.
    if (ui.panel && state.panelOpen) renderPanel();
    if (ui.panel) refreshStatus();
  }

  // ---- socket binding -------------------------------------------------------------------------

  function bind(socket) {
    if (!socket || typeof socket.on !== "function" || socket === state.socket) return;
    if (state.socket && typeof state.socket.off === "function") {
      state.socket.off("reflection:progress", onProgress);
      state.socket.off("reflection:update", onUpdate);
    }
    state.socket = socket;
    if (ui.chipName) ui.chipName.textContent = botName();
    socket.on("reflection:progress", onProgress);
    socket.on("reflection:update", onUpdate);
  }

  function socketFromEvent(event) {
    var detail = event && event.detail;
    if (detail && typeof detail.on === "function") return detail;
    if (detail && detail.socket && typeof detail.socket.on === "function") return detail.socket;
    return window.ekoLobby && window.ekoLobby.socket;
  }

  // ---- the panel ----------------------------------------------------------------------------

  function buildPanel() {
    ui.backdrop = el("div", "sb-backdrop"); // the dimmed page behind the bottom sheet on phones
    ui.backdrop.hidden = true;

    ui.panel = el("section", "sb-panel");
    ui.panel.id = "eko-reflection-panel";
    ui.panel.hidden = true;
    ui.panel.setAttribute("role", "dialog");
    ui.panel.setAttribute("aria-modal", "false");
    ui.panel.setAttribute("aria-labelledby", "eko-reflection-panel-title");
    ui.panel.tabIndex = -1;

    var header = el("div", "sb-panel-header");
    var title = el("h2", "sb-panel-title", T("panelTitle"));
    title.id = "eko-reflection-panel-title";
    ui.mode = el("span", "sb-mode");
    ui.closeButton = el("button", "sb-close", "×");
    ui.closeButton.type = "button";
    ui.closeButton.setAttribute("aria-label", T("close"));
    ui.closeButton.title = T("close");
    ui.closeButton.addEventListener("click", closePanel);
    header.appendChild(title);
    header.appendChild(ui.mode);
    header.appendChild(ui.closeButton);

    ui.counters = el("dl", "sb-counters");
    ui.counterValues = {};
    [
      ["total", T("counters.total")],
      ["messages", T("counters.messages")],
      ["pass", T("counters.pass")],
      ["rateLimited", T("counters.rateLimited")],
      ["tokens", T("tokens")],
    ].forEach(function (pair) {
      var box = el("div", "sb-counter sb-counter--" + pair[0]);
      box.setAttribute("data-counter", pair[0]);
      var value = el("dd", "sb-counter-value", "—");
      box.appendChild(el("dt", "sb-counter-label", pair[1]));
      box.appendChild(value);
      ui.counterValues[pair[0]] = value;
      ui.counters.appendChild(box);
    });

    ui.countersHelp = el("p", "sb-help", T("countersHelp"));
    ui.countersHelp.id = "eko-counters-help";
    ui.counters.setAttribute("aria-describedby", ui.countersHelp.id);

    ui.limitTitle = el("h3", "sb-section-title", T("rateLimit"));
    ui.limits = el("dl", "sb-limits");
    ui.limitsHelp = el("p", "sb-help");
    ui.limitsHelp.hidden = true;

    var actions = el("div", "sb-actions");
    ui.reflectButton = el("button", "sb-reflect", T("reflectNow"));
    ui.reflectButton.type = "button";
    ui.reflectButton.title = T("reflectNowHelp");
    ui.reflectButton.setAttribute("aria-describedby", "eko-limits-help");
    ui.reflectButton.addEventListener("click", requestReflection);
    ui.feedback = el("p", "sb-feedback");
    ui.feedback.setAttribute("role", "status");
    ui.feedback.hidden = true;
    actions.appendChild(ui.reflectButton);
    actions.appendChild(ui.feedback);

    ui.historyTitle = el("h3", "sb-section-title", T("history"));
    ui.historyWrap = el("div", "sb-history-wrap");
    ui.notice = el("p", "sb-notice");
    ui.notice.hidden = true;

    ui.panel.appendChild(header);
    ui.panel.appendChild(ui.counters);
    ui.panel.appendChild(ui.countersHelp);
    ui.panel.appendChild(actions);
    ui.panel.appendChild(ui.limitTitle);
    ui.panel.appendChild(ui.limits);
    ui.limitsHelp.id = "eko-limits-help";
    ui.panel.appendChild(ui.limitsHelp);
    ui.panel.appendChild(ui.historyTitle);
    ui.panel.appendChild(ui.historyWrap);
    ui.panel.appendChild(ui.notice);
    document.body.appendChild(ui.backdrop);
    document.body.appendChild(ui.panel);
  }

  function openPanel(anchor) {
    if (!state.panelOpen) state.lastFocus = document.activeElement;
    state.panelOpen = true;
    ui.panel.hidden = false;
    ui.backdrop.hidden = false;
    ui.chip.setAttribute("aria-expanded", "true");
    placePanel(anchor);
    renderPanel();
    refreshStatus();
    ui.panel.focus({ preventScroll: true });
  }

  function closePanel() {
    if (!state.panelOpen) return;
    state.panelOpen = false;
    ui.panel.hidden = true;
    ui.backdrop.hidden = true;
    ui.chip.setAttribute("aria-expanded", "false");
    if (state.lastFocus && typeof state.lastFocus.focus === "function") state.lastFocus.focus();
    state.lastFocus = null;
  }

  function placePanel(anchor) {
    // Narrow screens get a bottom sheet (pure CSS); wider ones a popover near what was pressed.
    ui.panel.style.left = ui.panel.style.top = "";
    if (window.innerWidth <= 560 || !anchor || typeof anchor.getBoundingClientRect !== "function") return;
    var rect = anchor.getBoundingClientRect();
    var width = Math.min(440, window.innerWidth - 24);
    var left = Math.min(Math.max(12, rect.left), window.innerWidth - width - 12);
    var below = rect.bottom + 8;
    var top = below + 320 > window.innerHeight ? Math.max(12, rect.top - 8 - Math.min(560, window.innerHeight * 0.8)) : below;
    ui.panel.style.left = left + "px";
    ui.panel.style.top = top + "px";
  }

  function refreshStatus() {
    if (state.fetching) {
      state.fetchAgain = true; // an update arrived during the fetch: its answer may predate it
      return state.fetching;
    }
    state.fetching = fetch("/reflection/status", { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (body) {
        if (!body || typeof body !== "object") throw new Error("bad body");
        state.status = body;
        state.statusError = false;
        if (body.stats) state.stats = body.stats;
        if (body.latest) state.latest = body.latest;
      })
      .catch(function () {
        state.statusError = true;
      })
      .then(function () {
        state.fetching = null;
        renderChip();
        if (state.panelOpen) renderPanel();
        if (state.fetchAgain) {
          state.fetchAgain = false;
          refreshStatus();
        }
      });
    return state.fetching;
  }

  function renderChip() {
    var mode = state.status && state.status.llmMode;
    ui.chip.classList.toggle("sb-chip--offline", mode === "offline");
    ui.chip.classList.toggle("sb-chip--online", mode === "anthropic");
    ui.chip.title = T("chipTitle") + (mode === "anthropic" ? " — " + T("online") : mode === "offline" ? " — " + T("offline") : "");
  }

  function renderPanel() {
    var stats = state.stats || {};
    ui.counterValues.total.textContent = formatInt(stats.totalReflections);
    ui.counterValues.messages.textContent = formatInt(stats.messageCount);
    ui.counterValues.pass.textContent = formatInt(stats.passCount);
    // Red only once Eko has passed: at 0 the counter is as neutral as the others.
    ui.counters.querySelector("[data-counter=pass]").classList.toggle("sb-counter--some", num(stats.passCount) > 0);
    ui.counterValues.rateLimited.textContent = formatInt(stats.rateLimitedCount);
    ui.counterValues.tokens.textContent = formatInt(stats.totalTokens);

    var status = state.status;
    var mode = status && status.llmMode;
    ui.mode.className = "sb-mode" + (mode === "anthropic" ? " sb-mode--online" : mode === "offline" ? " sb-mode--offline" : "");
    ui.mode.textContent = mode === "anthropic" ? T("online") : mode === "offline" ? T("offline") : T("unknownMode");
    ui.mode.title = mode === "anthropic" ? T("onlineHint") : mode === "offline" ? T("offlineHint") : "";
    renderChip();

    renderLimits(status && status.rateLimit);
    renderHistory(status && Array.isArray(status.history) ? status.history : state.latest ? [state.latest] : []);
    ui.notice.hidden = !state.statusError;
    ui.notice.textContent = state.statusError ? T("statusUnavailable") : "";
  }

  function addLimit(label, value, key) {
    var row = el("div", "sb-limit");
    row.setAttribute("data-limit", key);
    row.appendChild(el("dt", null, label));
    row.appendChild(el("dd", null, value));
    ui.limits.appendChild(row);
  }

  function renderLimits(limit) {
    clear(ui.limits);
    ui.limitTitle.hidden = ui.limits.hidden = ui.limitsHelp.hidden = !limit;
    if (!limit || typeof limit !== "object") return;
    ui.limitsHelp.textContent = T("limitsHelp", { max: formatInt(limit.dailyMax) });
    addLimit(T("today"), formatInt(limit.todayCount) + " / " + formatInt(limit.dailyMax), "today");
    addLimit(T("cooldown"), formatSeconds(limit.cooldownRemainingS), "cooldown");
    if (limit.cooldownS != null) addLimit(T("cooldownBase"), formatSeconds(limit.cooldownS), "cooldownBase");
    var next = limit.nextAllowedAt;
    addLimit(T("nextAllowed"), next && new Date(next).getTime() > Date.now() ? formatDate(next) : T("now"), "next");
    var quiet = limit.quietHours;
    if (quiet !== undefined) {
      var quietText = !quiet ? T("quietNone") : typeof quiet === "string" ? quiet : quiet.start && quiet.end ? quiet.start + "–" + quiet.end : JSON.stringify(quiet);
      addLimit(T("quietHours"), quietText, "quiet");
    }
  }

  function renderHistory(history) {
    clear(ui.historyWrap);
    var rows = history.filter(function (r) { return r && typeof r === "object"; }).slice();
    rows.sort(function (a, b) { return String(b.timestamp || "").localeCompare(String(a.timestamp || "")); });
    if (!rows.length) {
      ui.historyWrap.appendChild(el("p", "sb-empty", T("historyEmpty")));
      return;
    }
    // One entry per reflection: a line of facts (date, trigger, action, duration, tokens) and the
    // reason (or the message posted) below, which reads better than a six-column table on a phone.
    var list = el("ol", "sb-history");
    list.setAttribute("aria-label", T("history"));
    rows.slice(0, 50).forEach(function (r) {
      var action = r.action === "message" ? "message" : "pass";
      var item = el("li", "sb-row sb-row--" + action);
      var meta = el("div", "sb-row-meta");
      var date = el("time", "sb-cell-date", formatDate(r.timestamp));
      if (r.timestamp) date.setAttribute("datetime", String(r.timestamp));
      date.title = T("columns.date");
      meta.appendChild(date);
      var triggerKey = "trigger." + String(r.trigger);
      var trigger = el("span", "sb-cell-trigger", i18n.has && i18n.has("statusbar." + triggerKey) ? T(triggerKey) : r.trigger || "—");
      trigger.title = T("columns.trigger");
      meta.appendChild(trigger);
      var badge = el("span", "sb-badge sb-badge--" + action, T("action." + action));
      badge.title = T("columns.action");
      meta.appendChild(badge);
      if (r.rateLimited) meta.appendChild(el("span", "sb-badge sb-badge--limited", T("limited")));
      var numbers = el("span", "sb-row-numbers");
      var duration = el("span", "sb-cell-duration", formatDuration(r.durationMs));
      duration.title = T("columns.duration");
      var tokens = el("span", "sb-cell-tokens", T("tokensShort", { count: formatInt(r.llmTokens) }));
      tokens.title = T("columns.tokens");
      numbers.appendChild(duration);
      numbers.appendChild(tokens);
      meta.appendChild(numbers);
      item.appendChild(meta);
      var reasonText = r.reason || r.skipReason || "";
      var reason = el("p", "sb-cell-reason", reasonText || "—");
      reason.title = T("columns.reason");
      item.appendChild(reason);
      if (action === "message" && r.message) item.appendChild(el("p", "sb-cell-message", r.message));
      list.appendChild(item);
    });
    ui.historyWrap.appendChild(list);
  }

  // ---- "Réfléchir maintenant" -----------------------------------------------------------------

  function showFeedback(text, kind) {
    ui.feedback.hidden = !text;
    ui.feedback.textContent = text || "";
    ui.feedback.className = "sb-feedback" + (kind ? " sb-feedback--" + kind : "");
  }

  function requestReflection() {
    var socket = state.socket || (window.ekoLobby && window.ekoLobby.socket);
    if (!socket || typeof socket.emit !== "function" || socket.connected === false) {
      showFeedback(T("noSocket"), "error");
      return;
    }
    ui.reflectButton.disabled = true;
    showFeedback(T("requesting"), null);
    var done = false;
    var timer = setTimeout(function () {
      finish({ ok: false, error: T("noAck") });
    }, ACK_TIMEOUT_MS);
    function finish(ack) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      ui.reflectButton.disabled = false;
      if (ack && ack.ok) {
        showFeedback(T("started"), "ok");
        return;
      }
      // A refusal with a code is the Lobby's, already in the page's language (its own, or the
      // bot's refusal it worded); a bot answer the Lobby passed on as it was gets the page's words.
      var error = ack && typeof ack.error === "string" ? ack.error : "";
      var message = error || T("refused");
      if (!(ack && typeof ack.code === "string") && ack && num(ack.retryAfterS) > 0) {
        message = T("tooSoon", { seconds: Math.ceil(num(ack.retryAfterS)) });
      }
      showFeedback(message, "error");
    }
    socket.emit("reflection:trigger", {}, finish);
  }

  // ---- opening gestures: right-click and long press on Eko --------------------------------------

  var EKO_TARGETS = ".sb-chip, .author-bot";

  function ekoTarget(node) {
    return node && typeof node.closest === "function" ? node.closest(EKO_TARGETS) : null;
  }

  function onContextMenu(event) {
    var target = ekoTarget(event.target);
    if (!target) return;
    event.preventDefault();
    openPanel(target);
  }

  var press = null;

  function cancelPress() {
    if (press) clearTimeout(press.timer);
    press = null;
  }

  function onTouchStart(event) {
    var target = ekoTarget(event.target);
    if (!target || event.touches.length !== 1) return cancelPress();
    var touch = event.touches[0];
    cancelPress();
    press = {
      x: touch.clientX,
      y: touch.clientY,
      timer: setTimeout(function () {
        press = null;
        openPanel(target);
      }, LONG_PRESS_MS),
    };
  }

  function onTouchMove(event) {
    if (!press || !event.touches.length) return;
    var t = event.touches[0];
    if (Math.abs(t.clientX - press.x) > LONG_PRESS_SLOP_PX || Math.abs(t.clientY - press.y) > LONG_PRESS_SLOP_PX) cancelPress();
  }

  function onPointerDown(event) {
    // A press anywhere outside the panel closes it (the chip toggles it by itself). On desktop
    // nothing covers the page, so a right-click on another Eko name still reaches it.
    if (!state.panelOpen || ui.panel.contains(event.target) || ui.chip.contains(event.target)) return;
    closePanel();
  }

  function onKeyDown(event) {
    if (event.key === "Escape" && state.panelOpen) {
      event.preventDefault();
      closePanel();
    }
  }

  // ---- start ----------------------------------------------------------------------------------

  function start() {
    var root = document.getElementById("statusbar");
    if (!root) return;
    buildBar(root);
    buildPanel();
    ui.chip.addEventListener("click", function () {
      if (state.panelOpen) closePanel();
      else openPanel(ui.chip);
    });
    document.addEventListener("contextmenu", onContextMenu);
    document.addEventListener("touchstart", onTouchStart, { passive: true });
    document.addEventListener("touchmove", onTouchMove, { passive: true });
    document.addEventListener("touchend", cancelPress);
    document.addEventListener("touchcancel", cancelPress);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    bind(window.ekoLobby && window.ekoLobby.socket);
    // Fetch the mode once so the chip shows online/offline before anyone opens the panel.
    refreshStatus();
    window.ekoStatusBar = { open: openPanel, close: closePanel, refresh: refreshStatus };
  }

  // Listen at once: the page may create its socket before the DOM is ready.
  window.addEventListener("eko:socket", function (event) {
    bind(socketFromEvent(event));
  });
  bind(window.ekoLobby && window.ekoLobby.socket);

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
