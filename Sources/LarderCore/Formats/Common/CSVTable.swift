/// Comma-separated values as spreadsheet apps and recipe managers write them (RFC 4180):
/// quoted cells may hold commas, line breaks and doubled quotes; rows end in LF or CRLF. The
/// delimiter is the comma, semicolon or tab that the header line uses most.
public struct CSVTable: Sendable, Equatable {
    /// The first row's cells: the column names.
    public var header: [String]
    /// Each row with the line it starts on (1-based, counting the header as line 1).
    public var rows: [(line: Int, cells: [String])]
    /// The line of a last row whose quoted cell never closes (a file cut short); that row is
    /// not in `rows`, the ones before it are.
    public var unclosedRowLine: Int?
    /// Rows (by the line they start on) whose quoted cell ran over a line break and closed in
    /// the middle of a cell: a quote left open, which read the lines after it into this row.
    /// The line of that quote.
    public var runawayQuoteLines: [Int: Int] = [:]

    /// A CSV text that cannot be read: the line and what is wrong.
    public struct SyntaxError: DescribedError {
        /// The line where it goes wrong.
        public var line: Int
        /// What is wrong.
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func == (lhs: CSVTable, rhs: CSVTable) -> Bool {
        lhs.header == rhs.header && lhs.unclosedRowLine == rhs.unclosedRowLine && lhs.runawayQuoteLines == rhs.runawayQuoteLines && lhs.rows.map(\.line) == rhs.rows.map(\.line) && lhs.rows.map(\.cells) == rhs.rows.map(\.cells)
    }

    /// Reads CSV text into its header and rows; throws `SyntaxError` naming the line where it
    /// cannot.
    public static func parse(_ text: String) throws -> CSVTable {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        let delimiter = guessDelimiter(scalars)
        var records: [(line: Int, cells: [String])] = []
        var cells: [String] = []
        var cell = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quoteLine = 1
        var runaway: [Int: Int] = [:]
        var index = scalars.startIndex
        func endCell() {
            cells.append(String(cell))
            cell = String.UnicodeScalarView()
        }
        func endRecord() {
            endCell()
            // A blank line between records is not a record.
            if !(cells.count == 1 && cells[0].isEmpty) { records.append((recordLine, cells)) }
            cells = []
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            if inQuotes {
                if scalar == "\"" {
                    if index < scalars.endIndex, scalars[index] == "\"" {
                        cell.append("\"")
                        scalars.formIndex(after: &index)
                    } else {
                        inQuotes = false
                        // A quote that closes across a line break with more of the cell after
                        // it was never meant to close there: one left open took the next
                        // lines (rows of their own) into this cell.
                        if line > quoteLine, index < scalars.endIndex, ![delimiter, "\r", "\n", " ", "\t"].contains(scalars[index]),
                           runaway[recordLine] == nil {
                            runaway[recordLine] = quoteLine
                        }
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    cell.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where cell.isEmpty:
                inQuotes = true
                quoteLine = line
            case delimiter:
                endCell()
            case "\r":
                if index < scalars.endIndex, scalars[index] == "\n" { continue }
                fallthrough
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                cell.append(scalar)
            }
        }
        if !inQuotes, !cell.isEmpty || !cells.isEmpty { endRecord() }
        guard let header = records.first else {
            throw SyntaxError(line: 1, message: inQuotes ? "a quoted cell in the header is never closed" : "the file is empty")
        }
        var table = CSVTable(header: header.cells.map { $0.trimmed }, rows: Array(records.dropFirst()), unclosedRowLine: inQuotes ? recordLine : nil)
        table.runawayQuoteLines = runaway
        return table
    }

    static func guessDelimiter(_ scalars: Substring.UnicodeScalarView) -> Unicode.Scalar {
        var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
        var inQuotes = false
        for scalar in scalars {
            if scalar == "\"" { inQuotes.toggle() }
            if !inQuotes, scalar == "\n" { break }
            if !inQuotes, counts[scalar] != nil { counts[scalar]! += 1 }
        }
        let best = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key != ",") }
        return (best?.value ?? 0) > 0 ? best!.key : ","
    }

    /// The rows as header → cell, header names compared loosely (`Prep Time`, `prepTime`,
    /// `prep_time` are the same column).
    public var records: [(line: Int, cells: [String: String])] {
        let keys = header.map(Self.key)
        return rows.map { row in
            var record: [String: String] = [:]
            // The first filled cell of a column named twice (or of the unnamed columns, key "").
            for (key, cell) in zip(keys, row.cells) where record[key]?.isEmpty ?? true {
                record[key] = cell
            }
            return (row.line, record)
        }
    }

    /// A header name folded for comparing: lowercase letters and digits only.
    public static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            .map(Character.init))
    }
}
