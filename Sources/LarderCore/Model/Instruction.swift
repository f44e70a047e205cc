/// A run of steps under an optional heading ("Make the dough").
public struct InstructionSection: Codable, Hashable, Sendable {
    public var name: String?
    public var steps: [Step]

    public init(name: String? = nil, steps: [Step]) {
        self.name = name
        self.steps = steps
    }
}

public struct Step: Codable, Hashable, Sendable {
    public var text: String
    /// A step's own title, when the source gives one (schema.org `HowToStep.name`).
    public var name: String?
    public var image: String?

    public init(text: String, name: String? = nil, image: String? = nil) {
        self.text = text
        self.name = name
        self.image = image
    }
}
