import { defineMessages } from "./define";

/** One-time invite and reset links: the owner's side (Settings → Team), the mail, and the page a link opens. */
export const linkMessages = defineMessages(
  {
    "links.copy": "Copy link",
    "links.copied": "Copied.",
    "links.copy_failed": "Could not copy: select the link and copy it.",
    "links.invited_status": "Invited",
    "links.reset": "Reset password",
    "links.reset_label": "Create a password reset link for :email",
    "links.reissue": "New invite link",
    "links.reissue_label": "Create a new invite link for :email",
    "links.creating": "Creating the link…",
    "links.invite_created": "New invite link for :email, shown once — pass it on now (valid for 24 hours). Earlier links no longer work.",
    "links.reset_created": "Reset link for :email, shown once — pass it on now (valid for 24 hours). The password changes only when the link is used.",
    "links.link_for": "One-time link for :email",
    "links.mail_sent": "The link was also mailed to :email.",
    "links.mail_failed": "Link created, but the mail was not sent: :reason",
    "links.mail.subject.invite": "Your invitation to the dashboard",
    "links.mail.subject.reset": "Set a new dashboard password",
    "links.mail.body.invite":
      "Hello :name,\n\n" +
      "you have been invited to the dashboard. Choose your password here (the link works once, until :expires):\n\n" +
      ":url\n\n" +
      "If you did not expect this mail, ignore it.",
    "links.mail.body.reset":
      "Hello :name,\n\n" +
      "an owner of the dashboard has given you a link to set a new password (it works once, until :expires):\n\n" +
      ":url\n\n" +
      "If you did not expect this mail, tell an owner.",
    "welcome.title.invite": "Welcome",
    "welcome.title.reset": "Set a new password",
    "welcome.account": "Account: :name (:email)",
    "welcome.account_email": "Account: :email",
    "welcome.description.invite": "Choose the password you will sign in with.",
    "welcome.description.reset": "Choose a new password. Every session of this account ends.",
    "welcome.submit": "Set password",
    "welcome.refused_title": "This link does not work",
    "welcome.refused.used": "This link has already been used.",
    "welcome.refused.expired": "This link has expired.",
    "welcome.refused.unknown": "This link is not valid.",
    "welcome.ask_owner": "Ask an owner of the dashboard for a new link.",
    "welcome.to_login": "Go to sign-in",
    "login.password_set": "Password set, sign in.",
    "security.link.invite": "Invite",
    "security.link.reset": "Password reset",
    "security.link.mailed": "mailed",
    "security.link.mail_failed": "mail not sent",
  },
  {
    "links.copy": "Копировать ссылку",
    "links.copied": "Скопировано.",
    "links.copy_failed": "Не удалось скопировать: выделите ссылку и скопируйте её.",
    "links.invited_status": "Приглашён",
    "links.reset": "Сбросить пароль",
    "links.reset_label": "Создать ссылку для сброса пароля :email",
    "links.reissue": "Новая ссылка-приглашение",
    "links.reissue_label": "Создать новую ссылку-приглашение для :email",
    "links.creating": "Создаём ссылку…",
    "links.invite_created":
      "Новая ссылка-приглашение для :email показана один раз — передайте её сейчас (действует 24 часа). Прежние ссылки больше не работают.",
    "links.reset_created":
      "Ссылка для сброса пароля :email показана один раз — передайте её сейчас (действует 24 часа). Пароль сменится, только когда по ней перейдут.",
    "links.link_for": "Одноразовая ссылка для :email",
    "links.mail_sent": "Ссылка также отправлена на :email.",
    "links.mail_failed": "Ссылка создана, но письмо не отправлено: :reason",
    "links.mail.subject.invite": "Приглашение в панель управления",
    "links.mail.subject.reset": "Новый пароль для панели управления",
    "links.mail.body.invite":
      "Здравствуйте, :name!\n\n" +
      "Вас пригласили в панель управления. Задайте пароль по ссылке (она работает один раз, до :expires):\n\n" +
      ":url\n\n" +
      "Если вы не ждали этого письма, просто удалите его.",
    "links.mail.body.reset":
      "Здравствуйте, :name!\n\n" +
      "Владелец панели управления выдал вам ссылку, чтобы задать новый пароль (она работает один раз, до :expires):\n\n" +
      ":url\n\n" +
      "Если вы не ждали этого письма, сообщите владельцу.",
    "welcome.title.invite": "Добро пожаловать",
    "welcome.title.reset": "Новый пароль",
    "welcome.account": "Аккаунт: :name (:email)",
    "welcome.account_email": "Аккаунт: :email",
    "welcome.description.invite": "Задайте пароль, с которым будете входить.",
    "welcome.description.reset": "Задайте новый пароль. Все сеансы этого аккаунта завершатся.",
    "welcome.submit": "Задать пароль",
    "welcome.refused_title": "Ссылка не работает",
    "welcome.refused.used": "Эта ссылка уже использована.",
    "welcome.refused.expired": "Срок действия ссылки истёк.",
    "welcome.refused.unknown": "Эта ссылка недействительна.",
    "welcome.ask_owner": "Попросите владельца панели выдать новую ссылку.",
    "welcome.to_login": "Перейти ко входу",
    "login.password_set": "Пароль задан, войдите.",
    "security.link.invite": "Приглашение",
    "security.link.reset": "Сброс пароля",
    "security.link.mailed": "отправлена письмом",
    "security.link.mail_failed": "письмо не отправлено",
  },
);
