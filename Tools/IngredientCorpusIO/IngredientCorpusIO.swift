import Foundation
import LarderCore

/// Reading and writing the labelled ingredient corpus schema (see
/// ../shared/corpus/ingredients/SOURCE.md), shared by the benchmark and the training tool.
public struct CorpusLine {
    public var id: String
    public var sentence: String
    public var labels: LabelledIngredientLine
    /// The page a line came from (`page`), when the corpus names it.
    public var page: String?

    /// One JSON Lines row, or nil for a blank or unreadable row.
    public init?(jsonLine: String, fallbackID: Int) {
        guard !jsonLine.isEmpty,
              let object = try? JSONSerialization.jsonObject(with: Data(jsonLine.utf8)) as? [String: Any],
              let sentence = object["sentence"] as? String else { return nil }
        id = (object["id"] as? String) ?? String(fallbackID)
        self.sentence = sentence
        page = object["page"] as? String
        labels = LabelledIngredientLine(sentence: sentence, name: object["name"] as? String,
                                        unit: object["unit"] as? String, size: object["size"] as? String)
    }
}

/// One prediction row in the scorer's schema, with explicit nulls.
public func predictionLine(id: String, sentence: String, parsed: ParsedIngredient) -> Data {
    func json(_ value: Any?) -> Any { value ?? NSNull() }
    let object: [String: Any] = [
        "id": id, "sentence": sentence,
        "quantity": json(parsed.quantity?.value), "quantity_max": json(parsed.quantity?.upper),
        "unit": json(parsed.unit), "name": json(parsed.name), "comment": json(parsed.comment),
    ]
    var data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    data.append(0x0A)
    return data
}
