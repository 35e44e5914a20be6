"""The Catan Dice Game (Klaus Teuber): rules, island sheet, notation, bots."""
