import Foundation
import LarderCore

// Reads scorer-schema JSON Lines on standard input, parses every `sentence`, writes predictions
// in the same schema on standard output, and prints the parsing speed (parsing only) on
// standard error. Streams line by line: memory does not grow with the file.

struct Prediction: Encodable {
    var id: String
    var sentence: String
    var quantity: Double?
    var quantity_max: Double?
    var unit: String?
    var name: String?
    var comment: String?

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(sentence, forKey: .sentence)
        // The scorer wants explicit nulls.
        try c.encode(quantity, forKey: .quantity)
        try c.encode(quantity_max, forKey: .quantity_max)
        try c.encode(unit, forKey: .unit)
        try c.encode(name, forKey: .name)
        try c.encode(comment, forKey: .comment)
    }

    enum CodingKeys: String, CodingKey { case id, sentence, quantity, quantity_max, unit, name, comment }
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.withoutEscapingSlashes]
let output = FileHandle.standardOutput
var parseNanoseconds: UInt64 = 0
var lines = 0
var buffer = Data()

while let line = readLine(strippingNewline: true) {
    guard !line.isEmpty,
          let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          let sentence = object["sentence"] as? String else { continue }
    let id = (object["id"] as? String) ?? String(lines)
    let start = DispatchTime.now().uptimeNanoseconds
    let parsed = IngredientParser.parse(sentence)
    parseNanoseconds += DispatchTime.now().uptimeNanoseconds - start
    lines += 1
    let prediction = Prediction(id: id, sentence: sentence, quantity: parsed.quantity?.value, quantity_max: parsed.quantity?.upper,
                                unit: parsed.unit, name: parsed.name, comment: parsed.comment)
    buffer.append(try encoder.encode(prediction))
    buffer.append(0x0A)
    if buffer.count > 1 << 16 {
        output.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
output.write(buffer)
let seconds = Double(parseNanoseconds) / 1e9
let rate = seconds > 0 ? Double(lines) / seconds : 0
FileHandle.standardError.write(Data("\(lines) lines parsed in \(String(format: "%.3f", seconds)) s\n\(Int(rate)) lines per second\n".utf8))
