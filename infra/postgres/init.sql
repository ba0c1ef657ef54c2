-- One database per service (DESIGN.md section 2). Each service migrates its own on start.
CREATE DATABASE civic_auth;
CREATE DATABASE civic_priorities;
CREATE DATABASE civic_account;
CREATE DATABASE civic_social;
CREATE DATABASE civic_ledger;
