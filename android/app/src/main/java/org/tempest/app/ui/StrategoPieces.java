package org.tempest.app.ui;

/** Names of Stratego's piece letters, for drawing and for the battle reports. */
final class StrategoPieces {
    private StrategoPieces() {
    }

    /** The piece's name ("Dragon"); "unknown piece" for U/u. */
    static String name(char p) {
        switch (Character.toUpperCase(p)) {
            case 'D':
                return "Dragon";
            case 'M':
                return "Mage";
            case 'K':
                return "Knight";
            case 'R':
                return "Beast Rider";
            case 'S':
                return "Sorceress";
            case 'L':
                return "Lava Beast";
            case 'Y':
                return "Yeti";
            case 'E':
                return "Elf";
            case 'W':
                return "Dwarf";
            case 'C':
                return "Scout";
            case 'X':
                return "Slayer";
            case 'T':
                return "Trap";
            case 'F':
                return "Flag";
            case 'U':
                return "unknown piece";
            default:
                return String.valueOf(p);
        }
    }

    /** What the tile shows large: the rank, or a sign for the Trap and the Flag. */
    static String rankLabel(char p) {
        switch (Character.toUpperCase(p)) {
            case 'D':
                return "10";
            case 'M':
                return "9";
            case 'K':
                return "8";
            case 'R':
                return "7";
            case 'S':
                return "6";
            case 'L':
            case 'Y':
                return "5";
            case 'E':
                return "4";
            case 'W':
                return "3";
            case 'C':
                return "2";
            case 'X':
                return "1";
            case 'T':
                return "T";
            case 'F':
                return "F";
            default:
                return "?";
        }
    }

    /** A short name that fits under the rank. */
    static String shortName(char p) {
        switch (Character.toUpperCase(p)) {
            case 'R':
                return "Rider";
            case 'L':
                return "Lava";
            case 'S':
                return "Sorc.";
            default:
                return name(p);
        }
    }

    /** The army of a piece letter: Volcandria for upper case. */
    static String army(char p) {
        return Character.isUpperCase(p) ? "Volcandria" : "Everwinter";
    }
}
