import Foundation
import LarderCore

/// What happened to every input of a run. Written to `report.json` of the library.
///
/// Entries are written down as they are recorded (`EntryLog`: a buffer, then an unnamed
/// temporary file), never held: a restore of 50,000 recipes has 50,000 entries. Counts are
/// kept as counters; `entries` reads them back, for small reports and tests.
public struct RunReport: Codable, Sendable, Equatable {
    /// What became of an input.
    public enum Status: String, Codable, Sendable {
        /// Stored (or written, for an export); left out, with why; or failed, with why.
        case imported, skipped, failed
        /// Stored over the library's earlier version of the same recipe (`--on-duplicate update`).
        case updated
    }

    /// What became of one input, or of one recipe of an input that holds several.
    public struct Entry: Codable, Sendable, Equatable {
        /// The input as the user named it.
        public var input: String
        /// Which recipe inside the input (`#2 Shakshuka`), when an input holds several.
        public var item: String?
        /// Imported, skipped or failed.
        public var status: Status
        /// The stage that skipped or failed it (`read`, `dedupe`, `filter`, `library`, `restore`).
        public var stage: String?
        /// Why it was skipped or failed, in a sentence.
        public var reason: String?
        /// For a routine skip (a duplicate, filtered out, interrupted): which; nil for a skip
        /// with a problem behind it.
        public var kind: SkipKind?
        /// The id of the recipe stored, or of the one it duplicates.
        public var recipeID: String?
        /// The recipe's title, when one was read.
        public var title: String?
        /// For inputs fetched over HTTP: status, time taken, whether the cache answered.
        public var fetch: FetchDetails?
        /// What went wrong without failing the recipe (an image that could not be downloaded).
        public var notes: [String]?
        /// The fields of another app's file that no field of the recipe holds
        /// (`Recipe.unreadFieldNames`): kept in the recipe's `extras`, written back only to that
        /// app's format, so they stay behind when the recipe moves to another.
        public var notRead: [String]?

        /// An entry with the fields given.
        public init(input: String, item: String? = nil, status: Status, stage: String? = nil, reason: String? = nil,
                    kind: SkipKind? = nil, recipeID: String? = nil, title: String? = nil, fetch: FetchDetails? = nil,
                    notes: [String]? = nil, notRead: [String]? = nil) {
            self.input = input
            self.item = item
            self.status = status
            self.stage = stage
            self.reason = reason
            self.kind = kind
            self.recipeID = recipeID
            self.title = title
            self.fetch = fetch
            self.notes = notes
            self.notRead = notRead
        }
    }

    /// When the run began.
    public var started: Date
    /// When it ended; nil while it runs.
    public var finished: Date?
    /// What the run says once rather than per input (what an export format had no place for).
    public var notes: [String] = []
    /// Which part of a list this run imported (`import --shard K/N`); nil for a whole list.
    public var shard: ImportShard?
    /// For an export whose output was not written, why (the earlier output, if any, is as it
    /// was); nil when it was written. Said on the terminal, not kept in report.json.
    public var outputNotWritten: OutputNotWritten?

    /// Why an export wrote nothing.
    public enum OutputNotWritten: Sendable, Equatable {
        /// No recipe reached the output: every input failed or was left out, or there was none.
        case noRecipe
        /// Ctrl-C or SIGTERM stopped the run before the output was complete.
        case stopped
        /// The sink withheld it, and says why (`--strict`: a recipe would not read back as it was given).
        case withheld(String)
    }

    /// Recipes stored: new ones and updated ones (see `updated`).
    public private(set) var imported = 0
    /// Of `imported`, those that replaced a stored version.
    public private(set) var updated = 0
    /// Inputs skipped.
    public private(set) var skipped = 0
    /// Inputs that failed.
    public private(set) var failed = 0
    /// Recipes imported with fields of their file that were not read, and how many had each
    /// field (the first 100 field names met; a file cannot make the count grow without end).
    public private(set) var recipesWithUnreadFields = 0
    /// Each unread field name → how many recipes had it (at most 100 names).
    public private(set) var unreadFieldCounts: [String: Int] = [:]
    /// Entries recorded so far.
    public var count: Int { imported + skipped + failed }

    private var log = EntryLog()

    /// An empty report of a run begun at `started`.
    public init(started: Date = MappingContext.now()) {
        self.started = started
    }

    /// Writes down what became of one input and counts it.
    public mutating func record(_ entry: Entry) {
        if !isKnownUniquelyReferenced(&log) { log = log.copy() }
        log.append(entry)
        switch entry.status {
        case .imported: imported += 1
        case .updated:
            imported += 1
            updated += 1
        case .skipped: skipped += 1
        case .failed: failed += 1
        }
        if entry.status == .imported, let notRead = entry.notRead, !notRead.isEmpty {
            recipesWithUnreadFields += 1
            for field in notRead where unreadFieldCounts[field] != nil || unreadFieldCounts.count < 100 {
                unreadFieldCounts[field, default: 0] += 1
            }
        }
    }

    /// `3 recipes have fields Larder does not read: difficulty (2), tools (1)`: the most
    /// common fields first, at most five named. Nil when every field was read.
    public var unreadFieldsSummary: String? {
        guard recipesWithUnreadFields > 0 else { return nil }
        let fields = unreadFieldCounts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        var named = fields.prefix(5).map { "\($0.key) (\($0.value))" }
        if fields.count > 5 { named.append("\(fields.count - 5) more") }
        let recipes = recipesWithUnreadFields == 1 ? "1 recipe has" : "\(recipesWithUnreadFields) recipes have"
        return "\(recipes) fields Larder does not read: " + named.joined(separator: ", ")
    }

    /// Every entry, in the order recorded, read one at a time; with `onlyNoteworthy`, only
    /// those that failed, were skipped for a problem, or carry notes (the others are not even
    /// decoded).
    public func forEachEntry(onlyNoteworthy: Bool = false, _ body: (Entry) throws -> Void) throws {
        try log.forEachPiece { flag, piece in
            guard !onlyNoteworthy || flag == EntryLog.noteworthy else { return }
            try body(CanonicalJSON.decode(Entry.self, from: Data(piece)))
        }
    }

    /// Every entry, read back whole: for reports known to be small, and tests.
    public var entries: [Entry] {
        var all: [Entry] = []
        try? forEachEntry { all.append($0) }
        return all
    }

    /// `12 imported, 1 skipped, 2 failed`; an export says `written` instead of `imported`; a
    /// run that replaced stored recipes says how many: `2 imported, 10 updated, 0 skipped, 0 failed`.
    public func summary(done: String = "imported") -> String {
        let updates = updated > 0 ? ", \(updated) updated" : ""
        return "\(imported - updated) \(done)\(updates), \(skipped) skipped, \(failed) failed"
    }

    // MARK: report.json

    enum CodingKeys: String, CodingKey {
        case started, finished, entries, notes, shard
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(started, forKey: .started)
        try container.encodeIfPresent(finished, forKey: .finished)
        try container.encode(entries, forKey: .entries)
        if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
        try container.encodeIfPresent(shard, forKey: .shard)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        started = try container.decode(Date.self, forKey: .started)
        finished = try container.decodeIfPresent(Date.self, forKey: .finished)
        for entry in try container.decode([Entry].self, forKey: .entries) { record(entry) }
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
        shard = try container.decodeIfPresent(ImportShard.self, forKey: .shard)
    }

    public static func == (lhs: RunReport, rhs: RunReport) -> Bool {
        lhs.started == rhs.started && lhs.finished == rhs.finished && lhs.notes == rhs.notes && lhs.shard == rhs.shard
            && lhs.count == rhs.count && lhs.entries == rhs.entries
    }

    /// The report as `report.json` holds it: canonical JSON.
    public func encoded() throws -> Data {
        var data = Data()
        try writeJSON { data.append($0) }
        return data
    }

    /// The canonical JSON (`CanonicalJSON.encode`, byte for byte) piece by piece: the entries
    /// are copied from the log as they were encoded and indented (`EntryLog`), and handed to
    /// `write` in pieces of about a megabyte, not one write per entry.
    public func writeJSON(to write: (Data) throws -> Void) throws {
        guard count > 0 else { return try write(CanonicalJSON.encode(self)) }
        var pending = Data("{\n  \"entries\" : [\n".utf8)
        var first = true
        try log.forEachPiece { _, piece in
            pending.append(contentsOf: first ? EntryLog.firstSeparator : EntryLog.separator)
            first = false
            pending.append(contentsOf: piece)
            if pending.count >= SpillingRecords.spillBytes {
                try write(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty { try write(pending) }
        var tail = "\n  ]"
        if let finished { tail += ",\n  \"finished\" : \"\(CanonicalJSON.format(finished))\"" }
        if !notes.isEmpty {
            let encoded = try CanonicalJSON.encoder.encode(notes)
            tail += ",\n  \"notes\" : " + String(decoding: encoded, as: UTF8.self).replacingOccurrences(of: "\n", with: "\n  ")
        }
        if let shard {
            let encoded = try CanonicalJSON.encoder.encode(shard)
            tail += ",\n  \"shard\" : " + String(decoding: encoded, as: UTF8.self).replacingOccurrences(of: "\n", with: "\n  ")
        }
        tail += ",\n  \"started\" : \"\(CanonicalJSON.format(started))\"\n}\n"
        try write(Data(tail.utf8))
    }
}

/// A report's entries as canonical JSON pieces, each after a flag byte (whether the entry failed
/// or carries notes) and ended by a NUL byte (which JSON text never holds). Each piece is kept
/// indented as it stands inside report.json's `entries` array (four spaces after each line
/// break: JSON strings hold no raw line breaks), so writing the report copies it as it is.
/// Kept in a buffer, moved to an unnamed temporary file (removed from its folder as soon as it
/// is made, so no run, killed or not, leaves it behind) when the buffer grows.
final class EntryLog: @unchecked Sendable {
    static let noteworthy = UInt8(ascii: "!")
    static let plain = UInt8(ascii: "-")
    /// What comes before the first piece inside report.json's `entries` array, and before each other.
    static let firstSeparator = Array("    ".utf8)
    static let separator = Array(",\n    ".utf8)
    private let encoder = CanonicalJSON.encoder
    private let pieces = SpillingRecords(terminator: 0, filePrefix: "larder-report-")

    func append(_ entry: RunReport.Entry) {
        // What the run's end prints: failures, skips with a problem behind them, notes.
        let noteworthy = entry.status == .failed || (entry.status == .skipped && entry.kind == nil) || entry.notes != nil
        pieces.append { buffer in
            buffer.append(noteworthy ? Self.noteworthy : Self.plain)
            if var plain = Self.plainPiece(entry) {
                plain.withUTF8 { bytes in
                    if let base = bytes.baseAddress { buffer.append(base, count: bytes.count) }
                }
            } else {
                appendIndented(entry, to: &buffer)
            }
        }
    }

    /// The entry as `JSONEncoder` (pretty-printed, sorted keys) writes it, already indented, by
    /// hand: an entry of text only (no notes, no fetch details) whose strings need no escaping,
    /// such as every recipe of a restore. `JSONEncoder` per entry was the larger part of
    /// keeping a restore's report. Nil for any other entry.
    static func plainPiece(_ entry: RunReport.Entry) -> String? {
        guard entry.fetch == nil, entry.notes == nil, entry.notRead == nil else { return nil }
        // In sorted order, as `.sortedKeys` writes them.
        let fields: [(String, String?)] = [
            ("input", entry.input), ("item", entry.item), ("kind", entry.kind?.rawValue), ("reason", entry.reason),
            ("recipeID", entry.recipeID), ("stage", entry.stage), ("status", entry.status.rawValue), ("title", entry.title),
        ]
        var piece = "{\n"
        var first = true
        for case let (key, value?) in fields {
            guard !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return nil }
            piece += (first ? "      \"" : ",\n      \"") + key + "\" : \"" + value + "\""
            first = false
        }
        return piece + "\n    }"
    }

    /// Any entry, through `JSONEncoder`, indented as report.json holds it.
    private func appendIndented(_ entry: RunReport.Entry, to buffer: inout Data) {
        // Codable cannot fail on an entry (strings, numbers, no floating-point infinities).
        let encoded = (try? encoder.encode(entry)) ?? Data("{}".utf8)
        encoded.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return }
            var start = 0
            for index in 0..<bytes.count where bytes[index] == 0x0A {
                buffer.append(base + start, count: index + 1 - start)
                buffer.append(contentsOf: Self.firstSeparator)
                start = index + 1
            }
            buffer.append(base + start, count: bytes.count - start)
        }
    }

    func copy() -> EntryLog {
        let copy = EntryLog()
        try? pieces.forEach { record in copy.pieces.append { $0.append(contentsOf: record) } }
        return copy
    }

    /// Each piece's flag and JSON, in order.
    func forEachPiece(_ body: (UInt8, Data.SubSequence) throws -> Void) throws {
        try pieces.forEach { record in try body(record[record.startIndex], record.dropFirst()) }
    }
}
