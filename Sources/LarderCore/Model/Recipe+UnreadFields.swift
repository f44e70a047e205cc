/// What of a source file the model did not read.
///
/// A mapper reads each field of another app's file into the model's own fields; a field the
/// model has no place for (Paprika's `difficulty`, Mealie's `tools`, a CSV column of its own) is
/// kept verbatim in `extras` under its own name, so nothing is lost: the library and its backups
/// keep it, and writing the recipe to the same app's format gives it back. No other format
/// carries it, so such a field is *not read* in the sense that matters when recipes move to
/// another app: the import names it in each recipe's report entry (`notRead`). Fields that hold
/// nothing (null, `false`, `""`, `[]`, `{}`) are neither kept nor named, and neither is what an app
/// writes only for its own books and derives again (Paprika's `hash`): each mapper says which.
extension Recipe {
    /// Keys Larder itself adds to `extras`, which are no field of the source: `imageFiles`, the
    /// pictures a file named by paths the input did not hold.
    public static let larderExtrasKeys: Set<String> = ["imageFiles"]

    /// The source's fields kept in `extras` that hold something, sorted: what other formats
    /// will not carry.
    public var unreadFieldNames: [String] {
        extras.filter { key, value in
            // JSON-LD's own keys (`@id`, `@context`) and a bare reference to another node
            // (`"isPartOf": {"@id": …}`) are the document's wiring, not the recipe's.
            !Self.larderExtrasKeys.contains(key) && !key.hasPrefix("@") && value.holdsSomething && !value.isNodeReference
        }.keys.sorted()
    }
}

extension JSONValue {
    /// An object of JSON-LD keys only (`{"@id": "…#webpage"}`): a pointer, not data.
    var isNodeReference: Bool {
        guard let members = objectValue, !members.isEmpty else { return false }
        return members.keys.allSatisfy { $0.hasPrefix("@") }
    }

    /// Not null, not `false` (a flag not set), and not an empty (or blank) string, list or
    /// object.
    var holdsSomething: Bool {
        switch self {
        case .null, .bool(false): return false
        case .string(let text): return !text.trimmed.isEmpty
        case .array(let items): return !items.isEmpty
        case .object(let members): return !members.isEmpty
        default: return true
        }
    }
}
