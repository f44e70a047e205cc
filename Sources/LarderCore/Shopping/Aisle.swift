/// Where in a shop an ingredient is found, from a small table of words: good enough to walk a
/// supermarket in one pass, never a reason to lose an item (anything unknown is "other").
public enum Aisle: String, CaseIterable, Codable, Sendable {
    case produce, dairy, meatAndFish = "meat and fish", pantry, spices, other

    public var heading: String {
        switch self {
        case .produce: return "Produce"
        case .dairy: return "Dairy and eggs"
        case .meatAndFish: return "Meat and fish"
        case .pantry: return "Pantry"
        case .spices: return "Spices"
        case .other: return "Other"
        }
    }

    /// The aisle for a shopping name (see `ShoppingName.key`): a phrase of the table that the
    /// name contains wins (`black pepper`, `chicken stock`), then the last word, which names
    /// the thing (`stock` in `vegetable stock`), then any other word.
    public static func of(_ key: String) -> Aisle {
        let padded = " \(key) "
        for (phrase, aisle) in phrases where padded.contains(" \(phrase) ") { return aisle }
        let words = key.split(separator: " ").map(String.init)
        if let last = words.last, let aisle = byWord[last] { return aisle }
        for word in words.reversed() { if let aisle = byWord[word] { return aisle } }
        return .other
    }

    private static let phrases: [(String, Aisle)] = [
        ("salt and pepper", .spices), ("black pepper", .spices), ("white pepper", .spices), ("cayenne pepper", .spices), ("red pepper flake", .spices),
        ("chili powder", .spices), ("garlic powder", .spices), ("onion powder", .spices), ("bay leaf", .spices),
        ("baking powder", .pantry), ("baking soda", .pantry), ("soy sauce", .pantry), ("fish sauce", .pantry),
        ("coconut milk", .pantry), ("tomato paste", .pantry), ("peanut butter", .pantry), ("bell pepper", .produce),
        ("sour cream", .dairy), ("cream cheese", .dairy), ("spring onion", .produce), ("green onion", .produce),
    ]

    private static let byWord: [String: Aisle] = {
        var table: [String: Aisle] = [:]
        let lists: [(Aisle, String)] = [
            (.produce, "onion garlic shallot scallion leek tomato potato carrot celery cucumber zucchini courgette eggplant aubergine pepper chili chilli jalapeno lettuce spinach kale cabbage broccoli cauliflower mushroom ginger avocado lemon lime orange apple pear banana berry strawberry blueberry raspberry grape mango pineapple peach plum cherry corn pea bean sprout parsley cilantro coriander basil mint dill chive rosemary sage herb squash pumpkin beet radish asparagus fennel arugula rocket"),
            (.dairy, "milk butter cream cheese yogurt yoghurt egg parmesan mozzarella cheddar feta ricotta mascarpone buttermilk ghee creme"),
            (.meatAndFish, "chicken beef pork lamb veal bacon sausage ham turkey duck mince steak fish salmon tuna cod haddock shrimp prawn crab lobster mussel clam squid anchovy chorizo prosciutto pancetta"),
            (.spices, "salt peppercorn cumin paprika cinnamon nutmeg turmeric oregano thyme clove cardamom saffron allspice vanilla curry masala cayenne"),
            (.pantry, "flour sugar rice pasta spaghetti noodle oil vinegar stock broth bouillon honey syrup yeast oat breadcrumb bread chocolate cocoa nut almond walnut pecan cashew peanut lentil chickpea quinoa couscous mustard ketchup mayonnaise sauce wine water cornstarch cornflour gelatin raisin tortilla cracker"),
        ]
        for (aisle, words) in lists {
            for word in words.split(separator: " ") { table[String(word)] = aisle }
        }
        return table
    }()
}
