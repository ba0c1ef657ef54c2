-- With search_text (20261205000000) a document of ~1 KB makes a row of ~2.3 KB, past PostgreSQL's
-- 2 KB toast threshold: its largest values were then compressed or moved out of line, and the
-- search's filter and rechecks paid for fetching them back row by row. Rows up to a page stay whole
-- and uncompressed: the filter over 50,000 such rows took 90 ms instead of 165 ms on a scratch
-- PostgreSQL (docs/benchmarks.md), for ~15% more table space. Longer documents are toasted as before.
ALTER TABLE "briefing"."documents" SET (toast_tuple_target = 8160);
