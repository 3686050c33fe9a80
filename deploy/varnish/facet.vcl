vcl 4.1;
# Varnish 7 in front of Facet's instances (Debian: apt install varnish varnish-modules).
# docs/operations.md, "A shared cache in front", says how to run it.
#
# What is kept is decided by the store, not guessed here: an answer is kept only when the store
# filed it under tags (the xkey header: a page or public catalogue answer that is the same for
# every visitor), or when it is an immutable file (hashed scripts, photographs). Everything else —
# carts, accounts, checkout, the back office, anything with a session — goes to the store every
# time. The instances purge by tag (PURGE with an xkey header) when what a page shows changes.
import std;
import xkey;

# The instances (backends, a director, and the addresses allowed to purge): written per site.
# deploy/varnish/backends.example.vcl is a model.
include "facet-backends.vcl";

# Where a visitor came from (ads, mail, social), never what the page shows: one kept copy serves
# every campaign (the store drops the same list from its own keys and canonical addresses).
sub facet_drop_tracking {
  if (req.url ~ "\?") {
    set req.url = regsuball(req.url, "(?i)([?&])(utm_[a-z_]*|gclid|gbraid|wbraid|dclid|fbclid|msclkid|twclid|ttclid|mc_cid|mc_eid|_ga|_gl|ref)(=[^&]*)?(?=&|$)", "\1");
    set req.url = regsuball(req.url, "&{2,}", "&");
    set req.url = regsub(req.url, "\?&", "?");
    set req.url = regsub(req.url, "[?&]$", "");
  }
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ facet_purgers) {
      return (synth(403, "Not allowed to purge"));
    }
    if (!req.http.xkey) {
      return (synth(400, "Name the tags to purge in the xkey header"));
    }
    set req.http.x-purged = xkey.purge(req.http.xkey);
    return (synth(200, "Purged " + req.http.x-purged));
  }
  # The instances' figures are for the operator's Prometheus, straight to each instance, never from here.
  if (req.url ~ "^/metrics(\?|$)") {
    return (synth(404, "Not found"));
  }
  call facet_backend;
  # A request id the store logs too (TRUST_PROXY=1 keeps it), to follow one request through both.
  if (!req.http.x-request-id) {
    set req.http.x-request-id = req.xid;
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # Never looked up, whatever the store answers: sign-in, accounts, carts, checkout, the back office.
  if (req.http.Authorization || req.url ~ "^/(admin|account|login|register|cart|checkout|dev)(/|\?|$)" ||
      req.url ~ "^/api/(admin|auth|account|cart|order|checkout|wishlist|address|returns|service-tickets|saved-searches|appointments|stripe|health|ping)(/|\?|$)") {
    return (pass);
  }
  call facet_drop_tracking;
  # Cookies are looked past: a kept page is the same for everyone (a cart is drawn in the browser),
  # and what is not kept goes to the store with the visitor's own cookies and headers.
  return (hash);
}

sub vcl_backend_response {
  # An instance that is closing answers 503 to what still reaches it: a read goes to the next one.
  if (beresp.status == 503 && (bereq.method == "GET" || bereq.method == "HEAD") && bereq.retries < 2) {
    return (retry);
  }
  if (beresp.http.xkey && beresp.status == 200 && !beresp.http.Set-Cookie &&
      beresp.http.Cache-Control ~ "(^|[ ,])public([ ,]|$)" && beresp.http.Cache-Control !~ "private|no-store") {
    # Kept until a purge names one of its tags (a day at most); the browser still asks each time
    # (no-cache), and this cache answers it with a 304 when its copy is the same.
    set beresp.ttl = 1d;
    set beresp.grace = 10s;
    # This cache compresses for each client itself.
    unset beresp.http.Vary;
    return (deliver);
  }
  if (beresp.status == 200 && !beresp.http.Set-Cookie && beresp.http.Cache-Control ~ "immutable" &&
      beresp.http.Cache-Control ~ "(^|[ ,])public([ ,]|$)") {
    return (deliver);
  }
  # Not the store's to share: each request goes to the store on its own, never waiting on another's.
  set beresp.uncacheable = true;
  set beresp.ttl = 120s;
  return (deliver);
}

sub vcl_deliver {
  # Tags are for this cache only.
  unset resp.http.xkey;
  unset resp.http.surrogate-key;
  if (obj.uncacheable) {
    set resp.http.x-cache = "pass";
  } elsif (obj.hits > 0) {
    set resp.http.x-cache = "hit";
  } else {
    set resp.http.x-cache = "miss";
  }
}

sub vcl_backend_error {
  # An instance that stopped (a restart, an upgrade) between the probe's last look and this fetch
  # refuses the connection: a read is asked of the next instance instead (the director skips the
  # sick). A write is never sent twice — Varnish cannot tell whether the instance began it; the
  # drain (readiness failing for SHUTDOWN_DRAIN_MS before the instance stops) keeps writes away.
  if ((bereq.method == "GET" || bereq.method == "HEAD") && bereq.retries < 2) {
    return (retry);
  }
}

sub vcl_synth {
  set resp.http.content-type = "text/plain; charset=utf-8";
  set resp.http.cache-control = "no-store";
  set resp.body = resp.reason;
  return (deliver);
}
