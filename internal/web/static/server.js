// The backend of hexdame serve: JSON over HTTP, analysis as Server-Sent
// Events read from a fetch, which the page aborts to stop.
import { restoreRequest } from "hexdame/address.js";

export function serverBackend() {
  var session = null;
  function post(path, body, signal) {
    return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal: signal });
  }
  function json(r) {
    return r.json().then(function (v) {
      if (!r.ok && !v.state) { throw new Error(v.error || r.statusText); }
      return v;
    });
  }
  function newSession() {
    return post("/api/session", {}).then(json).then(function (v) { session = v.session; });
  }
  return {
    init: newSession,
    lost: false,
    do: function (req) {
      var self = this;
      return post("/api/do?s=" + session, req).then(function (r) {
        if (r.status === 404) {
          // The server forgot this tab's game (it keeps the most
          // recently used ones): start again from the address.
          self.lost = true;
          return newSession().then(function () { return post("/api/do?s=" + session, restoreRequest()); }).then(json);
        }
        return json(r);
      });
    },
    search: function (req) { return post("/api/search", req).then(json); },
    analyze: function (req, onReport) {
      var ctl = new AbortController(), stopped = false;
      post("/api/analyze", req, ctl.signal).then(function (r) {
        if (!r.ok) { return r.json().then(function (v) { onReport({ done: true, error: v.error || r.statusText }); }); }
        var reader = r.body.getReader(), dec = new TextDecoder(), buf = "";
        function pump() {
          return reader.read().then(function (x) {
            if (x.done) { return; }
            buf += dec.decode(x.value, { stream: true });
            var k;
            while ((k = buf.indexOf("\n\n")) >= 0) {
              var ev = buf.slice(0, k);
              buf = buf.slice(k + 2);
              if (ev.indexOf("data: ") === 0 && !stopped) { onReport(JSON.parse(ev.slice(6))); }
            }
            return pump();
          });
        }
        return pump();
      }).catch(function (e) { if (!stopped) { onReport({ done: true, error: String(e) }); } });
      return { stop: function () { stopped = true; ctl.abort(); } };
    }
  };
}
