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
        public var recipeID: String?
        public var title: String?
        /// For inputs fetched over HTTP: status, time taken, whether the cache answered.
        public var fetch: FetchDetails?
        /// What went wrong without failing the recipe (an image that could not be downloaded).
        public var notes: [String]?
    }

    public var started: Date
    public var finished: Date?
    public var entries: [Entry] = []
    /// Recipes settled as imported without an entry each: a whole-library backup lists only
    /// what failed, so its memory does not grow with the library.
    public var unlistedImported = 0

    /// A report file lists entries; a count without them is not written.
    enum CodingKeys: String, CodingKey {
        case started, finished, entries
    }

    public init(started: Date = MappingContext.now()) {
        self.started = started
    }

    public var imported: Int { entries.filter { $0.status == .imported }.count + unlistedImported }
    public var skipped: Int { entries.filter { $0.status == .skipped }.count }
    public var failed: Int { entries.filter { $0.status == .failed }.count }

    public mutating func record(_ entry: Entry) {
        entries.append(entry)
    }

    /// `12 imported, 1 skipped, 2 failed`; an export says `written` instead of `imported`.
    public func summary(done: String = "imported") -> String {
        "\(imported) \(done), \(skipped) skipped, \(failed) failed"
    }

    public func encoded() throws -> Data {
        try CanonicalJSON.encode(self)
    }
}
