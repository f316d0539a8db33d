module qipai

go 1.19
