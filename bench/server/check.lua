-- wrk script of the server benchmark and the CI leg:
--   wrk ... -s bench/server/check.lua URL -- EXPECTED_DIGEST
-- Checks every response (status 200, body = the expected digest), sums the
-- X-Compact-Ns header (mean ns per compaction of the request) and prints
-- one line at the end for the caller to parse:
--   RESULT requests=N ok=N bad=N non200=N errors=N compact_ns=MEAN
--          rps=R p50_us=N p99_us=N mean_us=N
-- (bad: a 200 whose body is not the digest; errors: wrk's socket errors
-- and timeouts; latency percentiles from wrk's own histogram, in us).
local threads = {}

function setup(thread)
   table.insert(threads, thread)
end

function init(args)
   expected = args[1] or ""
   ok, bad, non200, ns, timed = 0, 0, 0, 0, 0
   first_bad = ""
end

function response(status, headers, body)
   if status ~= 200 then
      non200 = non200 + 1
      if first_bad == "" then first_bad = "status " .. status end
      return
   end
   if body == expected then
      ok = ok + 1
   else
      bad = bad + 1
      if first_bad == "" then first_bad = "body " .. string.sub(body or "", 1, 80) end
   end
   local t = headers["X-Compact-Ns"]
   if t then
      ns = ns + tonumber(t)
      timed = timed + 1
   end
end

function done(summary, latency, requests)
   local s = { ok = 0, bad = 0, non200 = 0, ns = 0, timed = 0 }
   local why = ""
   for _, thread in ipairs(threads) do
      for k, _ in pairs(s) do
         s[k] = s[k] + thread:get(k)
      end
      if why == "" then why = thread:get("first_bad") end
   end
   local e = summary.errors
   local errors = e.connect + e.read + e.write + e.timeout
   io.write(string.format(
      "RESULT requests=%d ok=%d bad=%d non200=%d errors=%d compact_ns=%.0f rps=%.2f p50_us=%d p99_us=%d mean_us=%.0f\n",
      summary.requests, s.ok, s.bad, s.non200, errors,
      s.timed > 0 and s.ns / s.timed or 0,
      summary.requests / (summary.duration / 1e6),
      latency:percentile(50), latency:percentile(99), latency.mean))
   if why ~= "" then
      io.write("FIRST_BAD " .. why .. "\n")
   end
end
