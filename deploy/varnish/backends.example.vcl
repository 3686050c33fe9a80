# Copy to facet-backends.vcl beside facet.vcl (or on varnishd's vcl_path) and list your instances.
import directors;

# Readiness: an instance fails it from the moment it starts draining (SIGTERM), and is taken out
# after two misses — within 3 s, inside the instance's SHUTDOWN_DRAIN_MS (5 s), so no new request
# reaches it once it stops accepting them. Keep interval × 2 + timeout under SHUTDOWN_DRAIN_MS.
probe facet_ready {
  .url = "/api/health";
  .interval = 1s;
  .timeout = 1s;
  .window = 3;
  .threshold = 2;
}

backend instance_1 {
  .host = "10.0.0.11";
  .port = "3000";
  .first_byte_timeout = 30s;
  .probe = facet_ready;
}
backend instance_2 {
  .host = "10.0.0.12";
  .port = "3000";
  .first_byte_timeout = 30s;
  .probe = facet_ready;
}

# The instances send PURGE: only they (and this machine) may.
acl facet_purgers {
  "127.0.0.1";
  "::1";
  "10.0.0.11";
  "10.0.0.12";
}

sub vcl_init {
  new facet = directors.round_robin();
  facet.add_backend(instance_1);
  facet.add_backend(instance_2);
}

sub facet_backend {
  set req.backend_hint = facet.backend();
}
