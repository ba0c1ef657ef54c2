-- The reporters' creation times are read from the users directory (user_directory.created_at, from
-- auth's registration event) since it holds every account's; this second copy goes.
DROP TABLE "admin"."report_reporters";
