/// What an export format had no place for, counted over a run and said once at the end:
/// `Paprika has no place for: cuisine (2 recipes), nutrition (1 recipe)`.
final class FormatLoss {
    let format: String
    private var recipesPerField: [(field: String, count: Int)] = []

    init(format: String) {
        self.format = format
    }

    func record(_ fields: [String]) {
        for field in fields {
            if let index = recipesPerField.firstIndex(where: { $0.field == field }) {
                recipesPerField[index].count += 1
            } else {
                recipesPerField.append((field, 1))
            }
        }
    }

    var notes: [String] {
        guard !recipesPerField.isEmpty else { return [] }
        let parts = recipesPerField.map { "\($0.field) (\($0.count) recipe\($0.count == 1 ? "" : "s"))" }
        return ["\(format) has no place for: \(parts.joined(separator: ", "))."]
    }
}
