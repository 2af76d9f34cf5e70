import { defineMessages } from "./define";

export const authMessages = defineMessages(
  {
    "login.title": "Sign in",
    "login.subtitle": "Sign in to the dashboard of your chatbot platform.",
    "login.email": "Email",
    "login.password": "Password",
    "login.submit": "Sign in",
    "login.submitting": "Signing in…",
    "login.invalid_credentials": "Wrong email or password.",
    "login.throttled": "Too many attempts, try again in :seconds s.",
    "login.busy": "Too many sign-ins at the moment, try again in :seconds s.",
    "login.failed": "Sign-in failed. Try again.",
    "auth.unauthenticated": "Sign in to continue.",
    "auth.forbidden": "Your role does not allow this.",
  },
  {
    "login.title": "Вход",
    "login.subtitle": "Войдите в панель управления платформой чат-ботов.",
    "login.email": "Электронная почта",
    "login.password": "Пароль",
    "login.submit": "Войти",
    "login.submitting": "Вход…",
    "login.invalid_credentials": "Неверная почта или пароль.",
    "login.throttled": "Слишком много попыток, попробуйте снова через :seconds с.",
    "login.busy": "Сейчас слишком много входов, попробуйте снова через :seconds с.",
    "login.failed": "Не удалось войти. Попробуйте ещё раз.",
    "auth.unauthenticated": "Войдите, чтобы продолжить.",
    "auth.forbidden": "Ваша роль этого не позволяет.",
  },
);
