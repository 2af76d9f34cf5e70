import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { applyFixtures } from "../../operator/fixtures";
import { callApi, seedTenant, uniqueId } from "../../testing/tenants";
import { addBot, addContacts, telegramContact } from "../../testing/contacts";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

const NOT_FOUND = { message: "Contact not found.", error: "Contact not found.", errors: { contact_id: ["Contact not found."] } };
const FORBIDDEN = { error: "The contact belongs to a bot of another account.", message: "The contact belongs to a bot of another account." };

test("getContact: {data: <contact>} exactly as getContacts shows it, by GET and POST", async () => {
  const tenant = await seedTenant(database.db);
  const [contact] = await addContacts(database.db, [
    telegramContact(tenant.botId, { tags: ["a"], variables: [{ name: "utm_medium", value: "cpc" }], created_at: "2025-05-05T05:05:05Z" }),
  ]);
  const listed = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { bot_id: tenant.botId } });
  for (const verb of ["GET", "POST"]) {
    const answer = await callApi(database.db, "getContact", { key: tenant.key, verb, params: { contact_id: contact.id } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: listed.body.data[0] });
  }
  expect(listed.body.data[0]).toMatchObject({ id: contact.id, utm: { utm_medium: "cpc" }, tags: ["a"], created_at: "2025-05-05T05:05:05+00:00" });
});

test("getContact: 404 for a missing, deleted or preview contact or one of a deleted bot", async () => {
  const tenant = await seedTenant(database.db);
  const deletedBot = await addBot(database.db, tenant, { deleted: true });
  const [deleted, preview, ofDeletedBot] = await addContacts(database.db, [
    telegramContact(tenant.botId, { deleted: true }),
    telegramContact(tenant.botId, { preview: true }),
    telegramContact(deletedBot),
  ]);
  for (const contactId of [uniqueId(), deleted.id, preview.id, ofDeletedBot.id]) {
    const answer = await callApi(database.db, "getContact", { key: tenant.key, verb: "GET", params: { contact_id: contactId } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(NOT_FOUND);
  }
  // Someone else's deleted contact is not found either: existence comes first.
  const other = await seedTenant(database.db);
  const [othersDeleted] = await addContacts(database.db, [telegramContact(other.botId, { deleted: true })]);
  const answer = await callApi(database.db, "getContact", { key: tenant.key, params: { contact_id: othersDeleted.id } });
  expect(answer.status).toBe(404);
});

test("getContact: 403 for another holder's contact and for a project the holder only joined as a member", async () => {
  const tenant = await seedTenant(database.db);
  const other = await seedTenant(database.db);
  const memberProject = randomUUID();
  const memberBot = uniqueId();
  await applyFixtures(database.db, {
    projects: [{ uuid: memberProject, account_id: other.holderId, members: [tenant.holderId] }],
    bots: [{ id: memberBot, project_uuid: memberProject }],
  });
  const [foreign, ofMemberProject] = await addContacts(database.db, [telegramContact(other.botId), telegramContact(memberBot)]);
  for (const contactId of [foreign.id, ofMemberProject.id]) {
    const answer = await callApi(database.db, "getContact", { key: tenant.key, params: { contact_id: contactId } });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(FORBIDDEN);
  }
  const russian = await callApi(database.db, "getContact", { key: tenant.key, params: { contact_id: foreign.id }, headers: { "accept-language": "ru" } });
  expect(russian.body).toEqual({ error: "Контакт принадлежит боту другого аккаунта.", message: "Контакт принадлежит боту другого аккаунта." });
});

test("getContact: contact_id is required and an integer", async () => {
  const { key } = await seedTenant(database.db);
  const missing = await callApi(database.db, "getContact", { key, params: {} });
  expect(missing.status).toBe(422);
  expect(missing.body).toEqual({ message: "The contact id field is required.", errors: { contact_id: ["The contact id field is required."] } });
  const text = await callApi(database.db, "getContact", { key, verb: "GET", params: { contact_id: "abc" } });
  expect(text.body).toEqual({ message: "The contact id field must be an integer.", errors: { contact_id: ["The contact id field must be an integer."] } });
});
