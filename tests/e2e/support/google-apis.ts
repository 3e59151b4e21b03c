/**
 * Google's servers, as the Firebase web SDK's popup sign-in reaches them, answered inside the
 * browser context: there is no internet here. The SDK (and the Auth emulator's helper frame)
 * load https://apis.google.com/js/api.js (gapi) for one thing, `gapi.iframes`: a hidden frame
 * from the auth domain that relays the popup's result to the page over postMessage. The stand-in
 * below implements just that part: open a frame, ping it, register handlers and send messages
 * between a page and its frame (in both directions), with messages that arrive before their
 * handler is registered kept until it is. The emulator's account-picker page also pulls styles
 * from unpkg.com and Google Fonts: answered empty. Any other request to the internet is refused
 * and listed in `unexpected`, which the test checks.
 */
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { screenshot } from "./fixtures.ts";

const GAPI_STAND_IN = String.raw`(function () {
  var MARK = "__gapiStandIn";
  var channels = [];
  var seq = 0;
  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.waiting = {};
    this.replies = {};
    this.pongs = [];
    channels.push(this);
  }
  Channel.prototype.post = function (m) {
    m[MARK] = true;
    this.target.postMessage(m, "*");
  };
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var queued = this.waiting[name] || [];
    delete this.waiting[name];
    for (var i = 0; i < queued.length; i++) this.answer(queued[i], handler);
  };
  Channel.prototype.answer = function (m, handler) {
    var self = this;
    Promise.resolve(handler(m.data)).then(function (r) {
      self.post({ kind: "reply", id: m.id, responses: [r] });
    });
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = String(++seq) + ":" + Math.random();
    if (callback) this.replies[id] = callback;
    this.post({ kind: "send", name: name, data: data, id: id });
  };
  Channel.prototype.receive = function (m) {
    if (m.kind === "reply") {
      var cb = this.replies[m.id];
      delete this.replies[m.id];
      // As gapi does, a callback's exception stays in the callback (the SDK's webStorageSupport
      // callback throws auth/internal-error after answering, on purpose or not).
      try {
        if (cb) cb(m.responses);
      } catch (e) {
        console.debug("gapi stand-in: a reply callback threw", e);
      }
    } else if (m.kind === "send") {
      var h = this.handlers[m.name];
      if (h) this.answer(m, h);
      else (this.waiting[m.name] = this.waiting[m.name] || []).push(m);
    } else if (m.kind === "pong") {
      var pongs = this.pongs;
      this.pongs = [];
      for (var i = 0; i < pongs.length; i++) pongs[i]();
    }
  };
  Channel.prototype.ping = function (cb) {
    var self = this;
    return new Promise(function (resolve) {
      var timer = setInterval(function () { self.post({ kind: "ping" }); }, 50);
      self.pongs.push(function () {
        clearInterval(timer);
        if (cb) cb();
        resolve();
      });
      self.post({ kind: "ping" });
    });
  };
  Channel.prototype.restyle = function () { return Promise.resolve(); };

  window.addEventListener("message", function (e) {
    var m = e.data;
    if (!m || typeof m !== "object" || !m[MARK]) return;
    if (m.kind === "ping") {
      e.source.postMessage({ __gapiStandIn: true, kind: "pong" }, "*");
      return;
    }
    for (var i = 0; i < channels.length; i++) if (channels[i].target === e.source) channels[i].receive(m);
  });

  var parentChannel = null;
  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement("iframe");
      var attributes = options.attributes || {};
      for (var key in attributes) {
        if (key === "style") for (var s in attributes.style) frame.style[s] = attributes.style[s];
        else frame.setAttribute(key, attributes[key]);
      }
      frame.src = options.url;
      options.where.appendChild(frame);
      var channel = new Channel(frame.contentWindow);
      return onOpen ? onOpen(channel) : Promise.resolve(channel);
    },
    getParentIframe: function () {
      parentChannel = parentChannel || new Channel(window.parent);
      return parentChannel;
    },
  };
  window.gapi = window.gapi || {};
  window.gapi.iframes = { CROSS_ORIGIN_IFRAMES_FILTER: "*", Iframe: Channel, getContext: function () { return context; } };
  window.gapi.load = function (name, options) {
    var callback = typeof options === "function" ? options : options && options.callback;
    setTimeout(function () { if (callback) callback(); }, 0);
  };
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get("onload") : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === "function") window[onload]();
    if (typeof window.gapi_onload === "function") window.gapi_onload();
  }, 0);
})();`;

/** Routes every https request of the context: gapi gets the stand-in, the rest is refused. */
export async function routeGoogleApis(context: BrowserContext): Promise<{ unexpected: string[]; gapiLoads: string[] }> {
  const unexpected: string[] = [];
  const gapiLoads: string[] = [];
  await context.route(/^https:\/\//, async (route) => {
    const url = new URL(route.request().url());
    if (url.host === "apis.google.com" && url.pathname === "/js/api.js") {
      gapiLoads.push(url.href);
      return route.fulfill({ status: 200, contentType: "text/javascript", body: GAPI_STAND_IN });
    }
    // The emulator's account picker styles itself from these; it works without them.
    if (url.host === "unpkg.com" || url.host === "fonts.googleapis.com") {
      const type = url.pathname.endsWith(".js") ? "text/javascript" : "text/css";
      return route.fulfill({ status: 200, contentType: type, body: "" });
    }
    unexpected.push(url.href);
    return route.abort();
  });
  return { unexpected, gapiLoads };
}

/**
 * The emulator's fake Google page in the popup: adds a Google account with this address and
 * signs in with it.
 */
export async function pickNewGoogleAccount(popup: Page, email: string, shot?: string): Promise<void> {
  await expect(popup).toHaveURL(/\/emulator\/auth\/handler\?/);
  await popup.getByText("Add new account").click();
  await popup.locator("#email-input").fill(email);
  if (shot) await screenshot(popup, shot);
  await popup.getByRole("button", { name: /Sign in with Google\.com/ }).click();
}
