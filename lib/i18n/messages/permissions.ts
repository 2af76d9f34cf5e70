import { defineMessages } from "./define";

/** One line per permission of lib/auth/permissions.ts, for "What your role can do". */
export const permissionMessages = defineMessages(
  {
    "perm.contacts.read": "See contacts",
    "perm.contacts.export": "Export contacts",
    "perm.lists.read": "See lists and their records",
    "perm.lists.design": "Design lists: create them, add and delete fields",
    "perm.lists.delete": "Delete lists",
    "perm.lists.records.write": "Add, edit and delete list records",
    "perm.accounts.read": "See balances and journals",
    "perm.accounts.open": "Open accounts",
    "perm.accounts.top_up": "Top up balances",
    "perm.accounts.debit": "Debit balances",
    "perm.accounts.delete": "Delete empty accounts",
    "perm.activity.read": "See the activity log",
    "perm.activity.read_all": "See everyone's activity",
    "perm.team.manage": "Invite, remove and change the role of team members",
    "perm.settings.manage": "Change the platform connection",
  },
  {
    "perm.contacts.read": "Просмотр контактов",
    "perm.contacts.export": "Выгрузка контактов",
    "perm.lists.read": "Просмотр списков и их записей",
    "perm.lists.design": "Проектирование списков: создание, добавление и удаление полей",
    "perm.lists.delete": "Удаление списков",
    "perm.lists.records.write": "Добавление, изменение и удаление записей списков",
    "perm.accounts.read": "Просмотр балансов и журналов",
    "perm.accounts.open": "Открытие счетов",
    "perm.accounts.top_up": "Пополнение балансов",
    "perm.accounts.debit": "Списание с балансов",
    "perm.accounts.delete": "Удаление пустых счетов",
    "perm.activity.read": "Просмотр журнала действий",
    "perm.activity.read_all": "Просмотр действий всех участников",
    "perm.team.manage": "Приглашение, удаление и смена роли участников",
    "perm.settings.manage": "Изменение подключения к платформе",
  },
);
