-- One database per service (DESIGN.md section 2). Each service migrates its own on start. The setup
-- container (infra/setup-distributed.ts) then hands each to its service's owner role and revokes
-- CONNECT from everyone else (issue 14 item 4).
CREATE DATABASE civic_auth;
CREATE DATABASE civic_priorities;
CREATE DATABASE civic_account;
CREATE DATABASE civic_social;
CREATE DATABASE civic_ledger;
