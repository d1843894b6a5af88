// The backend of hexdame serve: JSON over HTTP, analysis as Server-Sent
// Events read from a fetch, which the page aborts to stop.
import { recoveryRequest } from "hexdame/store.js";

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
  // stream posts req to path and passes each event of the answer's
  // stream to onReport, until the page stops it; a stream that ends
  // without a last report (done) reports an error.
  function stream(path, req, onReport) {
    var ctl = new AbortController(), stopped = false, ended = false;
    function each(v) {
      if (stopped) { return; }
      ended = ended || !!v.done;
      onReport(v);
    }
    post(path, req, ctl.signal).then(function (r) {
      if (!r.ok) { return r.json().then(function (v) { each({ done: true, error: v.error || r.statusText }); }); }
      var reader = r.body.getReader(), dec = new TextDecoder(), buf = "";
      function pump() {
        return reader.read().then(function (x) {
          if (x.done) {
            if (!ended) { each({ done: true, error: "the server ended the stream" }); }
            return;
          }
          buf += dec.decode(x.value, { stream: true });
          var k;
          while ((k = buf.indexOf("\n\n")) >= 0) {
            var ev = buf.slice(0, k);
            buf = buf.slice(k + 2);
            if (ev.indexOf("data: ") === 0) { each(JSON.parse(ev.slice(6))); }
          }
          return pump();
        });
      }
      return pump();
    }).catch(function (e) { each({ done: true, error: String(e) }); });
    return { stop: function () { stopped = true; ctl.abort(); } };
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
          // recently used ones): start again from what the browser
          // keeps of it, or the address.
          self.lost = true;
          return newSession().then(function () { return post("/api/do?s=" + session, recoveryRequest()); }).then(json);
        }
        return json(r);
      });
    },
    search: function (req) { return post("/api/search", req).then(json); },
    analyze: function (req, onReport) { return stream("/api/analyze", req, onReport); },
    review: function (req, onReport) { return stream("/api/review", req, onReport); }
  };
}
