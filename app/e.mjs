import A from "apexcharts";
console.log(A);
