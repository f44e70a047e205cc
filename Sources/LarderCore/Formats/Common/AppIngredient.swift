/// An ingredient that an app stored in parts (amount, unit, item, preparation), as MasterCook,
/// Gourmet and KRecipes do. The parts are kept as given; the line joins them for reading.
public enum AppIngredient {
    /// An ingredient from its stored parts, the line reading `amount unit item, preparation`; empty parts are left out.
    public static func make(amount: String?, unit: String?, item: String?, preparation: String? = nil) -> Ingredient? {
        func filled(_ text: String?) -> String? { TextCleaner.nonEmptyLine(text) }
        let unitText = filled(unit), preparationText = filled(preparation)
        var amountText = filled(amount)
        let quantity = amountText.flatMap(PlainAmount.amount)
        // A range written with a space (`0.75 1`, KRecipes' in MasterCook) is written as one.
        if let text = amountText, !text.contains("-"), let quantity, let upper = quantity.upper {
            amountText = PlainAmount.text(quantity.value) + "-" + PlainAmount.text(upper)
        }
        // MasterCook ends a name with ` -` before its size note (`Feta Cheese - (4 oz)`); with
        // the note moved to the preparation the dash means nothing.
        var itemText = filled(item)
        while let text = itemText, text.hasSuffix(" -") { itemText = filled(String(text.dropLast(2))) }
        guard itemText != nil || preparationText != nil else { return nil }
        let line = [amountText, unitText, itemText].compactMap { $0 }.joined(separator: " ")
            + (preparationText.map { itemText == nil ? $0 : ", " + $0 } ?? "")
        // Nothing measured: the line is read by the ingredient parser like any other.
        guard quantity != nil || unitText != nil else { return Ingredient(line: line) }
        var name = itemText
        var preparationPart = preparationText
        // Apps keep "onions, diced" as the item: the words after the comma say how to prepare.
        if preparationPart == nil, let item = itemText, let comma = item.range(of: ", ") {
            name = String(item[..<comma.lowerBound])
            preparationPart = String(item[comma.upperBound...])
        }
        return Ingredient(line: line, quantity: quantity, unit: unitText, name: name, preparation: preparationPart)
    }
}
