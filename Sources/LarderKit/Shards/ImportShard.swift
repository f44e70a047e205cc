import Foundation
import LarderCore

/// One of N parts of an import's inputs (`larder import … --shard K/N`), so that N processes
/// given the same list, on one machine or many, import every input exactly once between them.
///
/// Each input goes to the shard its key hashes to (SHA-256, not Swift's `Hasher`, which is
/// seeded anew in every process): a web address by its host, lower-cased as the fetcher's
/// politeness gate keys it, so one site is only ever fetched by one shard and its limits hold
/// while the shards run at once; every `mealdb:` spec by TheMealDB itself (one site, and its
/// meals are told apart by TheMealDB's ids within one run); a file or folder by its path as
/// listed (one folder is one input). Nothing is read to decide, so a missing file still
/// belongs to exactly one shard, which reports it.
public struct ImportShard: Equatable, Sendable, CustomStringConvertible {
    /// 1 to `count`.
    public let index: Int
    /// How many shards the list is cut into.
    public let count: Int

    /// Shard `index` of `count` (1 ≤ `index` ≤ `count`).
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index))
        self.index = index
        self.count = count
    }

    /// `2/4`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the web address belongs to this shard (by its lower-cased host).
    public func owns(address: String) -> Bool {
        owns(key: Self.siteKey(of: address))
    }

    /// Whether the file or folder belongs to this shard (by its path as listed).
    public func owns(path: String) -> Bool {
        owns(key: Self.pathKey(of: path))
    }

    /// Every `mealdb:` spec goes to one shard.
    public var ownsMealDB: Bool { owns(key: Self.mealdbKey) }

    /// The key of a web address: its lower-cased host.
    static func siteKey(of address: String) -> String {
        "host:" + (URL(string: address.trimmingCharacters(in: .whitespaces))?.host?.lowercased() ?? address)
    }

    /// The key of a file or folder: its path as listed.
    static func pathKey(of path: String) -> String { "path:" + path }

    /// The key of every `mealdb:` spec: TheMealDB, one site.
    static let mealdbKey = "mealdb"

    func owns(key: String) -> Bool {
        Self.shard(of: key, among: count) == index
    }

    /// 1 to `count`: the first eight bytes of the key's SHA-256, as a number, modulo `count`.
    static func shard(of key: String, among count: Int) -> Int {
        var hasher = SHA256()
        hasher.update(key.utf8)
        let number = hasher.finalize().prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(number % UInt64(count)) + 1
    }
}

/// In `report.json`: `"shard": {"count": 4, "index": 2}`.
extension ImportShard: Codable {
    enum CodingKeys: String, CodingKey { case index, count }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let count = try container.decode(Int.self, forKey: .count)
        let index = try container.decode(Int.self, forKey: .index)
        guard count >= 1, (1...count).contains(index) else {
            throw DecodingError.dataCorruptedError(forKey: .index, in: container, debugDescription: "shard \(index) of \(count)")
        }
        self.init(index: index, count: count)
    }
}
