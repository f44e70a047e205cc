import Foundation
import LarderCore

/// What happened to every input of a run. Written to `report.json` of the library.
public struct RunReport: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case imported, skipped, failed
    }

    public struct Entry: Codable, Sendable, Equatable {
        /// The input as the user named it.
        public var input: String
        /// Which recipe inside the input (`#2 Shakshuka`), when an input holds several.
        public var item: String?
        public var status: Status
        /// The stage that skipped or failed it (`read`, `dedupe`, `filter`, `library`).
        public var stage: String?
        public var reason: String?
        /// For a routine skip (a duplicate, filtered out, interrupted): which; nil for a skip
        /// with a problem behind it.
        public var kind: SkipKind?
        public var recipeID: String?
        public var title: String?
        /// For inputs fetched over HTTP: status, time taken, whether the cache answered.
        public var fetch: FetchDetails?
        /// What went wrong without failing the recipe (an image that could not be downloaded).
        public var notes: [String]?

        public init(input: String, item: String? = nil, status: Status, stage: String? = nil, reason: String? = nil,
                    kind: SkipKind? = nil, recipeID: String? = nil, title: String? = nil, fetch: FetchDetails? = nil,
                    notes: [String]? = nil) {
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
        }
    }

    public var started: Date
    public var finished: Date?
    public private(set) var entries: [Entry] = []
    /// Recipes settled as imported without an entry each: a whole-library backup lists only
    /// what failed, so its memory does not grow with the library.
    public var unlistedImported = 0

    /// What the run says once rather than per input (what an export format had no place for).
    public var notes: [String] = []

    /// A report file lists entries; counts are derived from them.
    enum CodingKeys: String, CodingKey {
        case started, finished, entries, notes
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(started, forKey: .started)
        try container.encodeIfPresent(finished, forKey: .finished)
        try container.encode(entries, forKey: .entries)
        if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        started = try container.decode(Date.self, forKey: .started)
        finished = try container.decodeIfPresent(Date.self, forKey: .finished)
        for entry in try container.decode([Entry].self, forKey: .entries) { record(entry) }
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
    }

    public init(started: Date = MappingContext.now()) {
        self.started = started
    }

    /// Counted as entries are recorded: progress lines ask after every input, and counting
    /// 50,000 entries each time made a large run quadratic.
    public private(set) var failed = 0
    public private(set) var skipped = 0
    private var listedImported = 0
    public var imported: Int { listedImported + unlistedImported }

    public mutating func record(_ entry: Entry) {
        entries.append(entry)
        switch entry.status {
        case .imported: listedImported += 1
        case .skipped: skipped += 1
        case .failed: failed += 1
        }
    }

    /// `12 imported, 1 skipped, 2 failed`; an export says `written` instead of `imported`.
    public func summary(done: String = "imported") -> String {
        "\(imported) \(done), \(skipped) skipped, \(failed) failed"
    }

    public func encoded() throws -> Data {
        var data = Data()
        try writeJSON { data.append($0) }
        return data
    }

    /// The canonical JSON (`CanonicalJSON.encode`, byte for byte) piece by piece, one entry at a
    /// time: encoding the whole report at once built a tree of every entry first, the largest
    /// allocation of a 50,000-recipe restore. An entry encoded alone and indented by four
    /// spaces is exactly what it is inside the array (JSON strings hold no raw line breaks).
    public func writeJSON(to write: (Data) throws -> Void) throws {
        guard !entries.isEmpty else { return try write(CanonicalJSON.encode(self)) }
        try write(Data("{\n  \"entries\" : [\n".utf8))
        let encoder = CanonicalJSON.encoder
        for (index, entry) in entries.enumerated() {
            var piece = Data()
            let alone = try encoder.encode(entry)
            for line in alone.split(separator: 0x0A, omittingEmptySubsequences: false) {
                piece.append(contentsOf: Array("    ".utf8))
                piece.append(contentsOf: line)
                piece.append(0x0A)
            }
            if index < entries.count - 1 { piece.insert(0x2C, at: piece.count - 1) }
            try write(piece)
        }
        var tail = "  ]"
        if let finished { tail += ",\n  \"finished\" : \"\(CanonicalJSON.format(finished))\"" }
        if !notes.isEmpty {
            let encoded = try CanonicalJSON.encoder.encode(notes)
            let indented = String(decoding: encoded, as: UTF8.self).replacingOccurrences(of: "\n", with: "\n  ")
            tail += ",\n  \"notes\" : " + indented
        }
        tail += ",\n  \"started\" : \"\(CanonicalJSON.format(started))\"\n}\n"
        try write(Data(tail.utf8))
    }
}
