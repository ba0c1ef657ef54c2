-- Issue 23: a citizen's US state or DC (optional; null: not shared), a code of US_STATES
-- (contracts/src/messages/us-states.ts). The CHECK repeats that list so no other value is ever stored.
ALTER TABLE "account"."profiles" ADD COLUMN "state" TEXT;
ALTER TABLE "account"."profiles" ADD CONSTRAINT "profiles_state_check" CHECK ("state" IN ('AL','AK','AZ','AR','CA','CO','CT','DE','DC','FL','GA','HI','ID','IL','IN','IA','KS','KY','LA','ME','MD','MA','MI','MN','MS','MO','MT','NE','NV','NH','NJ','NM','NY','NC','ND','OH','OK','OR','PA','RI','SC','SD','TN','TX','UT','VT','VA','WA','WV','WI','WY'));
