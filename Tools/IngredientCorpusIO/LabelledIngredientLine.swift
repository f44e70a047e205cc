/// A labelled ingredient line, in the terms of the corpus schema
/// (../shared/corpus/ingredients/SOURCE.md): what the tagger is trained to find in `sentence`.
public struct LabelledIngredientLine: Sendable {
    public var sentence: String
    public var name: String?
    public var unit: String?
    public var size: String?

    public init(sentence: String, name: String?, unit: String?, size: String?) {
        self.sentence = sentence
        self.name = name
        self.unit = unit
        self.size = size
    }
}
