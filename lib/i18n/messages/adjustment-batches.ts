import { defineMessages } from "./define";

/** Bulk adjustments: refusals of the batch store and the row codes of the dry run and the run (lib/features/adjustments/states.ts, batch-store.ts, worker.ts). */
export const adjustmentBatchMessages = defineMessages(
  {
    "adjustments.batch.not_found": "This batch no longer exists.",
    "adjustments.batch.role": "Your role may not make every kind of operation in this file (top-ups and debits need both permissions).",
    "adjustments.upload.no_file": "Choose a CSV file to upload.",
    "adjustments.batch.not_editable": "The batch is being checked or has run: its rows can no longer be changed.",
    "adjustments.batch.nothing_valid": "The file has no valid rows: there is nothing to check or run.",
    "adjustments.batch.already_run": "This batch is running or has run already; it is never run twice.",
    "adjustments.batch.ended": "This batch was cancelled, failed or stopped; upload the file again to start over.",
    "adjustments.batch.checking": "The dry run is still going; confirm when it has finished.",
    "adjustments.batch.dry_run_needed": "Run the dry run first; the batch can be confirmed once it has finished.",
    "adjustments.batch.not_cancellable": "This batch has already ended.",
    "adjustments.batch.totals_changed": "The batch's totals have changed since they were shown; check them again before confirming.",
    "adjustments.row.contact_not_found": "The contact does not exist (or the API key cannot reach it).",
    "adjustments.row.account_not_found": "The contact has no account in :currency.",
    "adjustments.row.account_blocked": "The account is blocked: debits are refused.",
    "adjustments.row.insufficient_funds": "Not enough money: the balance before this row would be :balance.",
    "adjustments.row.cancelled": "Not sent: the batch was cancelled.",
    "adjustments.row.key_mismatch": "Not taken: another request holds this row's key. Check the balance and the audit log before making it again.",
    "adjustments.row.unknown": "Sent, but no answer was recorded and the journal does not show it: check the balance before making it again.",
    // A run stopped because its confirmer lost the right to move money (worker.ts); the status is the batch pages' word.
    "adjustments.page.status.stopped": "Stopped",
    "adjustments.stopped.title": "The run was stopped",
    "adjustments.stopped.confirmer_removed": "The member who confirmed it was removed from the team.",
    "adjustments.stopped.confirmer_role": "The role of the member who confirmed it no longer allows these top-ups or debits.",
    "adjustments.stopped.confirmer_session_ended":
      "The session it was confirmed in was ended (by an owner, or with all of the member's sessions: a new role, password or two-factor).",
    "adjustments.stopped.unsent":
      "{count, plural, =0 {Every row was sent before it stopped.} one {:count row was not sent and never will be: to make it, upload it in a new file.} other {:count rows were not sent and never will be: to make them, upload them in a new file.}}",
  },
  {
    "adjustments.batch.not_found": "Этого пакета больше нет.",
    "adjustments.batch.role": "Ваша роль не позволяет выполнить все операции этого файла (для начислений и списаний нужны оба права).",
    "adjustments.upload.no_file": "Выберите CSV-файл для загрузки.",
    "adjustments.batch.not_editable": "Пакет проверяется или уже выполнен: его строки больше нельзя изменить.",
    "adjustments.batch.nothing_valid": "В файле нет правильных строк: проверять и выполнять нечего.",
    "adjustments.batch.already_run": "Этот пакет выполняется или уже выполнен; дважды он не выполняется.",
    "adjustments.batch.ended": "Этот пакет отменён, остановлен или завершился ошибкой; загрузите файл заново, чтобы начать сначала.",
    "adjustments.batch.checking": "Пробный прогон ещё идёт; подтвердите, когда он закончится.",
    "adjustments.batch.dry_run_needed": "Сначала выполните пробный прогон; подтвердить пакет можно после его окончания.",
    "adjustments.batch.not_cancellable": "Этот пакет уже закончился.",
    "adjustments.batch.totals_changed": "Итоги пакета изменились после показа; проверьте их снова перед подтверждением.",
    "adjustments.row.contact_not_found": "Контакта нет (или ключ API не даёт к нему доступа).",
    "adjustments.row.account_not_found": "У контакта нет счёта в :currency.",
    "adjustments.row.account_blocked": "Счёт заблокирован: списания запрещены.",
    "adjustments.row.insufficient_funds": "Недостаточно средств: баланс перед этой строкой был бы :balance.",
    "adjustments.row.cancelled": "Не отправлено: пакет отменён.",
    "adjustments.row.key_mismatch": "Не учтено: ключ этой строки занят другим запросом. Проверьте баланс и журнал аудита, прежде чем повторять.",
    "adjustments.row.unknown": "Отправлено, но ответ не записан, и в журнале операции нет: проверьте баланс, прежде чем повторять.",
    "adjustments.page.status.stopped": "Остановлен",
    "adjustments.stopped.title": "Выполнение остановлено",
    "adjustments.stopped.confirmer_removed": "Участник, подтвердивший пакет, удалён из команды.",
    "adjustments.stopped.confirmer_role": "Роль участника, подтвердившего пакет, больше не позволяет эти начисления или списания.",
    "adjustments.stopped.confirmer_session_ended":
      "Сеанс, в котором пакет подтвердили, завершён (владельцем или вместе со всеми сеансами участника: новая роль, пароль или двухфакторная аутентификация).",
    "adjustments.stopped.unsent":
      "{count, plural, =0 {Все строки были отправлены до остановки.} one {:count строка не отправлена и уже не будет: чтобы выполнить её, загрузите её в новом файле.} few {:count строки не отправлены и уже не будут: чтобы выполнить их, загрузите их в новом файле.} many {:count строк не отправлены и уже не будут: чтобы выполнить их, загрузите их в новом файле.} other {:count строки не отправлены и уже не будут: чтобы выполнить их, загрузите их в новом файле.}}",
  },
);
