// The table server's pages: live updates by server-sent events, actions by fetch.
// No inline script anywhere (the Content-Security-Policy forbids it).
"use strict";

(function () {
  const meta = (name) => {
    const el = document.querySelector(`meta[name="${name}"]`);
    return el ? el.content : "";
  };
  const base = meta("tft-base");
  let csrf = meta("tft-csrf");
  const live = document.getElementById("live");
  const status = document.getElementById("status");
  if (!base || !live) return;

  function say(text, kind) {
    if (!status) return;
    status.textContent = text;
    status.className = kind || "";
  }

  // Notes being typed are never overwritten; otherwise they follow the campaign.
  // The notes the text in the box began from go with a save ("was"): notes someone else
  // changed meanwhile are not overwritten unasked (the server refuses, the text stays).
  const notes = document.querySelector("#notes textarea");
  let notesDirty = false;
  let notesBase = notes ? notes.value : "";
  if (notes) notes.addEventListener("input", () => { notesDirty = true; });
  function notesNow() {
    const now = document.getElementById("notes-now");
    if (!now) return null;
    return now.content ? now.content.textContent : now.textContent;
  }
  function syncNotes() {
    const now = notesNow();
    if (notes && now !== null && !notesDirty && document.activeElement !== notes) {
      notes.value = now;
      notesBase = now;
    }
  }

  function nonce() {
    const bytes = new Uint8Array(18);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // One action: sent once with its nonce; after a dropped connection the same request
  // is sent again, and the server answers "already received" if the first got through.
  // Still unanswered after the tries, it waits (in order, with any others) and goes again
  // when the connection is back: done once whether or not the lost try had arrived.
  const pending = [];
  let resending = false;
  async function send(fields, tries, resent) {
    let lastError = null;
    for (let attempt = 0; attempt < tries; attempt++) {
      try {
        const answer = await fetch(`${base}/act`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
          body: JSON.stringify(fields),
          credentials: "omit",
          cache: "no-store",
        });
        let data;
        try { data = await answer.json(); } catch (e) { data = { ok: false, message: await answer.text() }; }
        if (data.replayed && (attempt > 0 || resent)) return { ok: true, message: "Done." };
        return data;
      } catch (e) {
        lastError = e;
        say("The connection dropped; trying again…", "warn");
        await new Promise((r) => setTimeout(r, 700 * (attempt + 1)));
      }
    }
    return { ok: false, lost: true, message: "The connection dropped: your change will be sent when it is back (never twice)." };
  }

  function answered(fields, data) {
    if (data.ok) {
      if (fields.action === "notes") { notesDirty = false; notesBase = fields.notes; }
      if (data.live) { live.innerHTML = data.live; syncNotes(); }
      say(data.message, "ok");
    } else {
      // Refused: saving again begins from the notes as they are now (the player was told).
      if (fields.action === "notes" && !data.lost) {
        const now = notesNow();
        if (now !== null) notesBase = now;
      }
      say(data.message || "Refused.", data.lost ? "warn" : "refused");
    }
  }

  async function sendPending() {
    if (resending) return;
    resending = true;
    try {
      while (pending.length) {
        const fields = pending[0];
        const data = await send(fields, 1, true);
        if (data.lost) {  // still no connection: kept, and tried again in a moment
          setTimeout(sendPending, 3000);
          return;
        }
        pending.shift();
        answered(fields, data);
      }
    } finally {
      resending = false;
    }
  }

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("act")) return;
    event.preventDefault();
    const fields = { action: form.dataset.action, nonce: nonce() };
    for (const [k, v] of new FormData(form).entries()) fields[k] = String(v);
    if (fields.action === "notes") fields.was = notesBase;
    const buttons = form.querySelectorAll("button");
    buttons.forEach((b) => { b.disabled = true; });
    say("Working…", "busy");
    const data = await send(fields, 3, false);
    buttons.forEach((b) => { b.disabled = false; });
    answered(fields, data);
    if (data.lost) {
      pending.push(fields);
      setTimeout(sendPending, 3000);
    }
  });

  // Live updates. EventSource reconnects by itself after a drop; when the server
  // itself went away (stopped, restarted) it is opened again every few seconds.
  let source = null;
  let troubled = false;
  function trouble(text, kind) {
    troubled = true;
    say(text, kind);
  }
  function fine() {
    if (troubled) say("Connected again.", "ok");
    troubled = false;
  }
  function listen() {
    source = new EventSource(`${base}/events`);
    source.addEventListener("live", (e) => {
      live.innerHTML = e.data;
      syncNotes();
      fine();
    });
    source.addEventListener("open", fine);
    // Each connection starts with this run's token (new after a restart); an action
    // whose answer was lost goes again with it.
    source.addEventListener("token", (e) => {
      csrf = e.data;
      sendPending();
    });
    source.addEventListener("gone", (e) => {
      trouble(e.data, "warn");
      source.close();
      setTimeout(listen, 2000);
    });
    source.addEventListener("revoked", (e) => {
      say(e.data, "refused");
      source.close();
      live.textContent = "";
    });
    source.addEventListener("trouble", (e) => {
      trouble(e.data, "warn");
      source.close();
      setTimeout(listen, 3000);
    });
    source.addEventListener("error", () => {
      if (!troubled) trouble("Connection lost; reconnecting…", "warn");
      if (source.readyState === EventSource.CLOSED) setTimeout(listen, 3000);
    });
  }
  listen();
})();
