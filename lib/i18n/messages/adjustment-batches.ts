import { defineMessages } from "./define";

/** Bulk adjustments: refusals of the batch store and the row codes of the dry run and the run (lib/adjustments/batch-store.ts, worker.ts). */
export const adjustmentBatchMessages = defineMessages(
  {
    "adjustments.batch.not_found": "This batch no longer exists.",
    "adjustments.batch.not_editable": "The batch is being checked or has run: its rows can no longer be changed.",
    "adjustments.batch.nothing_valid": "The file has no valid rows: there is nothing to check or run.",
    "adjustments.batch.already_run": "This batch is running or has run already; it is never run twice.",
    "adjustments.batch.ended": "This batch was cancelled or failed; upload the file again to start over.",
    "adjustments.batch.checking": "The dry run is still going; confirm when it has finished.",
    "adjustments.batch.dry_run_needed": "Run the dry run first; the batch can be confirmed once it has finished.",
    "adjustments.batch.not_cancellable": "This batch has already ended.",
    "adjustments.batch.totals_changed": "The batch's totals have changed since they were shown; check them again before confirming.",
    "adjustments.row.contact_not_found": "The contact does not exist (or the API key cannot reach it).",
    "adjustments.row.account_not_found": "The contact has no account in :currency.",
    "adjustments.row.account_blocked": "The account is blocked: debits are refused.",
    "adjustments.row.insufficient_funds": "Not enough money: the balance before this row would be :balance.",
    "adjustments.row.cancelled": "Not sent: the batch was cancelled.",
    "adjustments.row.unknown": "Sent, but no answer was recorded and the journal does not show it: check the balance before making it again.",
  },
  {
    "adjustments.batch.not_found": "Этого пакета больше нет.",
    "adjustments.batch.not_editable": "Пакет проверяется или уже выполнен: его строки больше нельзя изменить.",
    "adjustments.batch.nothing_valid": "В файле нет правильных строк: проверять и выполнять нечего.",
    "adjustments.batch.already_run": "Этот пакет выполняется или уже выполнен; дважды он не выполняется.",
    "adjustments.batch.ended": "Этот пакет отменён или завершился ошибкой; загрузите файл заново, чтобы начать сначала.",
    "adjustments.batch.checking": "Пробный прогон ещё идёт; подтвердите, когда он закончится.",
    "adjustments.batch.dry_run_needed": "Сначала выполните пробный прогон; подтвердить пакет можно после его окончания.",
    "adjustments.batch.not_cancellable": "Этот пакет уже закончился.",
    "adjustments.batch.totals_changed": "Итоги пакета изменились после показа; проверьте их снова перед подтверждением.",
    "adjustments.row.contact_not_found": "Контакта нет (или ключ API не даёт к нему доступа).",
    "adjustments.row.account_not_found": "У контакта нет счёта в :currency.",
    "adjustments.row.account_blocked": "Счёт заблокирован: списания запрещены.",
    "adjustments.row.insufficient_funds": "Недостаточно средств: баланс перед этой строкой был бы :balance.",
    "adjustments.row.cancelled": "Не отправлено: пакет отменён.",
    "adjustments.row.unknown": "Отправлено, но ответ не записан, и в журнале операции нет: проверьте баланс, прежде чем повторять.",
  },
);
