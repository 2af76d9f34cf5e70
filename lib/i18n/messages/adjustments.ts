import { defineMessages } from "./define";

/**
 * Bulk balance adjustments: what is wrong with an uploaded file, its column mapping or one of its rows. Numbers in the
 * placeholders (:maxRows, :line, :found…) arrive as plain numbers; a page formats them in the viewer's language first.
 */
export const adjustmentMessages = defineMessages(
  {
    "adjustments.file.too_large": "The file is larger than :megabytes MB, the most one batch takes; nothing past that was read. Split it into smaller files.",
    "adjustments.file.too_many_rows":
      "The file has more than {maxRows, plural, one {:maxRows row} other {:maxRows rows}} (the header not counted), the most one batch takes; nothing past that was read. Split it into smaller files.",
    "adjustments.file.encoding":
      'The file is not UTF-8 text (line :line has a character in another encoding, such as Windows-1251 or Latin-1). In Excel choose File → Save As → "CSV UTF-8 (comma delimited)" and upload that file.',
    "adjustments.file.utf16":
      'The file is saved as UTF-16 ("Unicode text"), not UTF-8. In Excel choose File → Save As → "CSV UTF-8 (comma delimited)" and upload that file.',
    "adjustments.file.spreadsheet":
      'This is an Excel workbook, not a CSV file. In Excel choose File → Save As → "CSV UTF-8 (comma delimited)" and upload that file.',
    "adjustments.file.empty": "The file is empty: it needs a header line with the column names and at least one row.",
    "adjustments.file.no_rows": "The file has a header line but no rows below it.",
    "adjustments.file.quote_not_closed":
      'Line :line: a quoted value (starting with ") is never closed, so the rest of the file would be one value. Add the closing quote.',
    "adjustments.file.record_too_long":
      "Line :line: the row is too long to be one row; a quote is probably not closed or the delimiter is not comma or semicolon.",
    "adjustments.file.malformed":
      'Line :line is not valid CSV: a quote inside a value needs the whole value in quotes, and the quote itself doubled (""). Nothing may follow a closing quote but the delimiter.',
    "adjustments.mapping.required": "Choose the column of the file that holds this field.",
    "adjustments.mapping.invalid": "Choose one of the file's columns.",
    "adjustments.mapping.duplicate": "This column is already chosen for another field; each column can hold one field.",
    "adjustments.row.cells":
      "The row does not match the header: expected {expected, plural, one {:expected value} other {:expected values}}, found :found. Check for a missing or extra delimiter, or a delimiter inside a value that is not in quotes.",
    "adjustments.row.contact_id.required": "The contact ID is empty.",
    "adjustments.row.contact_id.format": "“:value” is not a contact ID: use digits only, for example 1234.",
    "adjustments.row.contact_id.range": "“:value” is not a contact ID: it must be from 1 to 9007199254740991.",
    "adjustments.row.contact_id.formula":
      "The contact ID starts with “:sign”, which a spreadsheet would run as a formula when the file is opened. Write the digits only, without the sign.",
    "adjustments.row.currency.required": "The currency is empty.",
    "adjustments.row.currency.format": "“:value” is not a currency code: use the three letters of ISO 4217, for example USD or RUB.",
    "adjustments.row.currency.unknown": "“:value” is not a known currency code (ISO 4217), for example USD or RUB.",
    "adjustments.row.currency.formula":
      "The currency starts with “:sign”, which a spreadsheet would run as a formula when the file is opened. Write the three letters only, for example USD.",
    "adjustments.row.direction.required": "The direction is empty: write top_up or debit.",
    "adjustments.row.direction.unknown": "“:value” is not a direction: write top_up (or credit, deposit, +) or debit (or withdrawal, -).",
    "adjustments.row.amount.required": "The amount is empty.",
    "adjustments.row.amount.signed":
      "The file has a direction column, so write the amount without a sign: the direction says whether it is a top-up or a debit.",
    "adjustments.row.amount.format":
      "The amount is not a number as written: use digits with at most one decimal separator, for example 1000.50, 1,000.50 or 1 000,50.",
    "adjustments.row.amount.decimals":
      "Too many decimal places: {digits, plural, =0 {:currency has no decimals, write whole units} one {:currency takes at most :digits decimal place} other {:currency takes at most :digits decimal places}}.",
    "adjustments.row.amount.zero": "The amount is zero: there is nothing to top up or debit.",
    "adjustments.row.amount.too_large": "The amount is above the largest possible one: up to :max.",
    "adjustments.row.description.required": "The description is empty; it goes to the account journal, so every row needs one.",
    "adjustments.row.description.too_long": "The description is longer than :max characters.",
    "adjustments.row.description.formula":
      "The description starts with “:sign”, which a spreadsheet would run as a formula when the file is opened. Write the text without the leading sign (for example “Refund” instead of “=Refund” or “-5% promo”: “Promo 5%”).",
  },
  {
    "adjustments.file.too_large": "Файл больше :megabytes МБ — это предел одного пакета; дальше файл не читался. Разделите его на файлы поменьше.",
    "adjustments.file.too_many_rows":
      "В файле больше {maxRows, plural, one {:maxRows строки} few {:maxRows строк} many {:maxRows строк} other {:maxRows строки}} (не считая заголовка) — это предел одного пакета; дальше файл не читался. Разделите его на файлы поменьше.",
    "adjustments.file.encoding":
      "Файл не в кодировке UTF-8 (в строке :line есть символ в другой кодировке, например Windows-1251). В Excel выберите Файл → Сохранить как → «CSV UTF-8 (разделитель — запятая)» и загрузите этот файл.",
    "adjustments.file.utf16":
      "Файл сохранён в UTF-16 («Текст в Юникоде»), а не в UTF-8. В Excel выберите Файл → Сохранить как → «CSV UTF-8 (разделитель — запятая)» и загрузите этот файл.",
    "adjustments.file.spreadsheet":
      "Это книга Excel, а не файл CSV. В Excel выберите Файл → Сохранить как → «CSV UTF-8 (разделитель — запятая)» и загрузите этот файл.",
    "adjustments.file.empty": "Файл пуст: нужна строка заголовка с названиями столбцов и хотя бы одна строка данных.",
    "adjustments.file.no_rows": "В файле есть строка заголовка, но под ней нет ни одной строки.",
    "adjustments.file.quote_not_closed":
      'Строка :line: значение в кавычках (начинается с ") не закрыто, и весь остаток файла стал бы одним значением. Добавьте закрывающую кавычку.',
    "adjustments.file.record_too_long": "Строка :line: строка слишком длинная; вероятно, не закрыта кавычка или разделитель — не запятая и не точка с запятой.",
    "adjustments.file.malformed":
      'Строка :line — не корректный CSV: если в значении есть кавычка, всё значение берётся в кавычки, а сама кавычка удваивается (""). После закрывающей кавычки может идти только разделитель.',
    "adjustments.mapping.required": "Выберите столбец файла, в котором это поле.",
    "adjustments.mapping.invalid": "Выберите один из столбцов файла.",
    "adjustments.mapping.duplicate": "Этот столбец уже выбран для другого поля; в каждом столбце может быть только одно поле.",
    "adjustments.row.cells":
      "Строка не совпадает с заголовком: ожидалось {expected, plural, one {:expected значение} few {:expected значения} many {:expected значений} other {:expected значения}}, найдено :found. Проверьте, не пропущен ли разделитель, нет ли лишнего или разделителя внутри значения без кавычек.",
    "adjustments.row.contact_id.required": "ID контакта не указан.",
    "adjustments.row.contact_id.format": "«:value» — не ID контакта: нужны только цифры, например 1234.",
    "adjustments.row.contact_id.range": "«:value» — не ID контакта: он должен быть от 1 до 9007199254740991.",
    "adjustments.row.contact_id.formula":
      "ID контакта начинается с «:sign», и таблица выполнит его как формулу, когда файл откроют. Укажите только цифры, без знака.",
    "adjustments.row.currency.required": "Валюта не указана.",
    "adjustments.row.currency.format": "«:value» — не код валюты: нужны три латинские буквы ISO 4217, например USD или RUB.",
    "adjustments.row.currency.unknown": "«:value» — неизвестный код валюты (ISO 4217); пример: USD или RUB.",
    "adjustments.row.currency.formula":
      "Валюта начинается с «:sign», и таблица выполнит её как формулу, когда файл откроют. Укажите только три буквы, например USD.",
    "adjustments.row.direction.required": "Направление не указано: напишите «пополнение» или «списание» (top_up или debit).",
    "adjustments.row.direction.unknown": "«:value» — не направление: напишите «пополнение» (top_up, +) или «списание» (debit, -).",
    "adjustments.row.amount.required": "Сумма не указана.",
    "adjustments.row.amount.signed": "В файле есть столбец направления, поэтому сумму пишут без знака: пополнение это или списание, говорит направление.",
    "adjustments.row.amount.format": "Сумма записана не числом: нужны цифры и не больше одного десятичного разделителя, например 1000,50 или 1 000,50.",
    "adjustments.row.amount.decimals":
      "Слишком много знаков после запятой: {digits, plural, =0 {у :currency нет дробной части, укажите целые единицы} one {у :currency не больше :digits знака} few {у :currency не больше :digits знаков} many {у :currency не больше :digits знаков} other {у :currency не больше :digits знака}}.",
    "adjustments.row.amount.zero": "Сумма равна нулю: пополнять или списывать нечего.",
    "adjustments.row.amount.too_large": "Сумма больше наибольшей возможной: не больше :max.",
    "adjustments.row.description.required": "Описание не указано; оно попадает в журнал счёта, поэтому нужно в каждой строке.",
    "adjustments.row.description.too_long": "Описание длиннее :max символов.",
    "adjustments.row.description.formula":
      "Описание начинается с «:sign», и таблица выполнит его как формулу, когда файл откроют. Напишите текст без знака в начале (например «Возврат» вместо «=Возврат» или «Промо 5%» вместо «-5% промо»).",
  },
);
